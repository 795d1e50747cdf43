import { useState, type FormEvent } from 'react';
import { zDisableMfa, zTotpCode } from '@pinboard/shared/schemas/business';
import { Button } from '../../../components/Button/Button';
import { FormError, TextInput } from '../../../components/Field/Field';
import { bindText, SubmitButton } from '../../../components/Field/formParts';
import { Spinner } from '../../../components/Spinner/Spinner';
import { showToast } from '../../../components/Toast/toasts';
import { isApiError } from '../../../lib/api';
import { TEXTS } from '../../../lib/allTexts';
import { SettingsSection } from './SettingsSection';
import { formatDate, localServerText } from '../../../lib/i18n';
import settings from './Settings.module.css';
import type { MfaEnrolment } from '../../business/business.api';
import { useConfirmMfa, useDisableMfa, useMfaStatus, useStartMfa } from '../../business/business.queries';
import styles from '../../business/components/Business.module.css';

const errorText = (error: unknown) => (isApiError(error) && error.message ? error.fullMessage : TEXTS.genericError);
const firstIssue = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : localServerText(r.error?.issues[0]?.message ?? TEXTS.genericError);

/**
 * Two-factor authentication (UserMfaResource): set up with a QR code (or the
 * key typed by hand), confirm with the app's code, then the recovery codes,
 * shown this once; turn off with the password and a code.
 */
export function TwoFactorSettings() {
  const status = useMfaStatus();
  const [enrolment, setEnrolment] = useState<MfaEnrolment | null>(null);
  // Held here, not in the form: the status turns to "on" (and the form goes) before the form could hear of it.
  const confirm = useConfirmMfa();
  const recovery = confirm.data?.recovery_codes ?? null;

  if (status.isError) return <p className={settings.intro}>{TEXTS.genericError}</p>;
  if (!status.data) return <Spinner />;

  return (
    <SettingsSection id="mfa-heading" heading={TEXTS.business.mfaHeading} intro={TEXTS.business.mfaIntro}>
      {recovery ? (
        <RecoveryCodes codes={recovery} onDone={() => confirm.reset()} />
      ) : status.data.enabled ? (
        <>
          <p className={`${styles.status} ${styles.on}`}>
            {TEXTS.business.mfaOn({ since: formatDate(status.data.enabled_at ?? Date.now(), {}), left: status.data.recovery_codes_left })}
          </p>
          <DisableForm />
        </>
      ) : enrolment ? (
        <ConfirmForm enrolment={enrolment} confirm={confirm} onConfirmed={() => setEnrolment(null)} />
      ) : (
        <>
          <p className={styles.status}>{TEXTS.business.mfaOff}</p>
          <StartButton onStarted={setEnrolment} />
        </>
      )}
    </SettingsSection>
  );
}

function StartButton({ onStarted }: { onStarted: (e: MfaEnrolment) => void }) {
  const start = useStartMfa();
  return (
    <div>
      <Button
        variant="primary"
        size="large"
        isDisabled={start.isPending}
        onPress={() => start.mutate(undefined, { onSuccess: onStarted, onError: (error) => showToast(errorText(error), { tone: 'error' }) })}
      >
        {TEXTS.business.mfaStart}
      </Button>
    </div>
  );
}

function ConfirmForm({ enrolment, confirm, onConfirmed }: { enrolment: MfaEnrolment; confirm: ReturnType<typeof useConfirmMfa>; onConfirmed: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (confirm.isPending) return;
    const parsed = zTotpCode.safeParse(code);
    if (!parsed.success) return setError(firstIssue(parsed));
    setError(null);
    // mutateAsync: its answer arrives even after the status turned "on" and this form went.
    confirm.mutateAsync(parsed.data).then(
      () => {
        showToast(TEXTS.business.mfaEnabled);
        onConfirmed();
      },
      (e: unknown) => setError(errorText(e)),
    );
  };
  return (
    <form className={settings.form} onSubmit={submit} noValidate>
      <p className={settings.help}>{TEXTS.business.mfaScan}</p>
      <div className={styles.qrRow}>
        <img className={styles.qr} src={enrolment.qr_code} alt={TEXTS.business.mfaQrAlt} width={184} height={184} />
        <div>
          <span className={settings.fieldLabel}>{TEXTS.business.mfaSecretLabel}</span>
          <code className={styles.secret} data-testid="mfa-secret">
            {enrolment.secret}
          </code>
        </div>
      </div>
      <div className={styles.inline}>
        <TextInput label={TEXTS.business.mfaCode} name="code" {...bindText(code, setCode)} {...ONE_TIME_CODE} error={error} />
        <SubmitButton pending={confirm.isPending}>{confirm.isPending ? TEXTS.business.mfaConfirming : TEXTS.business.mfaConfirm}</SubmitButton>
      </div>
    </form>
  );
}

/** A six-digit code from the authenticator app. */
const ONE_TIME_CODE = { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 } as const;

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className={settings.form}>
      <h3 className={settings.fieldLabel}>{TEXTS.business.mfaRecoveryHeading}</h3>
      <p className={settings.help}>{TEXTS.business.mfaRecoveryIntro}</p>
      <ul className={styles.codes} aria-label={TEXTS.business.mfaRecoveryHeading}>
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div>
        <Button variant="secondary" onPress={onDone}>
          {TEXTS.business.mfaRecoveryDone}
        </Button>
      </div>
    </div>
  );
}

function DisableForm() {
  const disable = useDisableMfa();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ code?: string | null; password?: string | null; form?: string | null }>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (disable.isPending) return;
    const parsed = zDisableMfa.safeParse({ code, password });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'password' ? 'password' : 'code';
        found[field] ??= localServerText(issue.message);
      }
      return setErrors(found);
    }
    setErrors({});
    disable.mutateAsync(parsed.data).then(
      () => showToast(TEXTS.business.mfaDisabled),
      (e: unknown) => {
        // A wrong password or code is shown at its field; anything else (too many attempts) above the form.
        const field = isApiError(e) && (e.field === 'password' || e.field === 'code') ? e.field : 'form';
        if (field === 'password') setPassword('');
        setErrors({ [field]: errorText(e) });
      },
    );
  };
  return (
    <form className={settings.form} onSubmit={submit} noValidate>
      <p className={settings.help}>{TEXTS.business.mfaDisableIntro}</p>
      {errors.form ? <FormError>{errors.form}</FormError> : null}
      <TextInput
        label={TEXTS.business.mfaDisablePassword}
        name="disable_password"
        type="password"
        {...bindText(password, setPassword)}
        autoComplete="current-password"
        error={errors.password ?? null}
      />
      <div className={styles.inline}>
        <TextInput
          label={TEXTS.business.mfaDisableCode}
          name="disable_code"
          {...bindText(code, setCode)}
          autoComplete="one-time-code"
          error={errors.code ?? null}
        />
        <SubmitButton pending={disable.isPending} variant="secondary">
          {TEXTS.business.mfaDisable}
        </SubmitButton>
      </div>
    </form>
  );
}
