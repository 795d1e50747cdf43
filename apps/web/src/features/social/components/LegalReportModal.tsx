import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { MESSAGES } from '@pinboard/shared/constants/messages';
import { isValidEmail } from '@pinboard/shared/text/email';
import { Button } from '../../../components/Button/Button';
import { Checkbox, FormError, TextArea, TextInput } from '../../../components/Field/Field';
import { Modal } from '../../../components/Modal/Modal';
import { showToast } from '../../../components/Toast/toasts';
import { isApiError } from '../../../lib/api';
import * as TEXTS from '../../../lib/allTexts';
import type { LegalForm } from '../profileOptions';
import { submitTakedown, type TakedownLaw } from '../social.api';
import styles from './SocialDialogs.module.css';

const LAWS: readonly TakedownLaw[] = ['DMCA', 'Trademark', 'GDPR'];
const DETAILS_MAX = 5000;

export interface LegalReportModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  form: LegalForm;
  target: { id: string; username: string; name: string };
}

/**
 * The regional legal report (EU: dsa, India: india). Both forms take
 * anonymous reports; only the EU form has trusted flaggers; one law per
 * report.
 */
export function LegalReportModal({ isOpen, onOpenChange, form, target }: LegalReportModalProps) {
  const [law, setLaw] = useState<TakedownLaw>('DMCA');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [details, setDetails] = useState('');
  const [trusted, setTrusted] = useState(false);
  const [touched, setTouched] = useState(false);
  const submit = useMutation({
    mutationFn: () =>
      submitTakedown(form, {
        law,
        reported_user_id: target.id,
        reported_url: `${window.location.origin}/${target.username}/`,
        reporter_name: name.trim() || undefined,
        reporter_email: email.trim() || undefined,
        details: details.trim(),
        trusted_flagger: form === 'dsa' && trusted ? true : undefined,
      }),
    onSuccess: () => {
      close();
      showToast(TEXTS.social.legalSent);
    },
  });

  const emailError = touched && email.trim() !== '' && !isValidEmail(email.trim()) ? TEXTS.social.emailInvalid : null;
  const detailsError = touched && details.trim() === '' ? TEXTS.social.legalDetailsRequired : details.length > DETAILS_MAX ? TEXTS.settings.tooLong(DETAILS_MAX) : null;

  function close() {
    onOpenChange(false);
    setTouched(false);
    submit.reset();
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (details.trim() === '' || details.length > DETAILS_MAX) return;
    if (email.trim() !== '' && !isValidEmail(email.trim())) return;
    submit.mutate();
  };

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => (open ? onOpenChange(true) : close())}
      title={form === 'dsa' ? MESSAGES.profile.reportEuLaw : MESSAGES.profile.reportIndianLaw}
      isDismissable={!submit.isPending}
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <p className={styles.quiet}>{TEXTS.social.legalIntro(form)}</p>
        <fieldset className={styles.choices}>
          <legend>{TEXTS.social.lawLabel}</legend>
          {LAWS.map((value) => (
            <label key={value} className={styles.choice}>
              <input type="radio" name="law" value={value} checked={law === value} onChange={() => setLaw(value)} />
              <span className={styles.choiceLabel}>{TEXTS.social.laws[value] ?? value}</span>
            </label>
          ))}
        </fieldset>
        <TextInput label={TEXTS.social.reporterName} value={name} onChange={(event) => setName(event.target.value)} autoComplete="name" maxLength={200} />
        <TextInput
          label={TEXTS.social.reporterEmail}
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          autoComplete="email"
          help={TEXTS.social.anonymousHelp}
          error={emailError}
          maxLength={254}
        />
        <TextArea
          label={TEXTS.social.legalDetails}
          value={details}
          onChange={(event) => setDetails(event.target.value)}
          rows={4}
          error={detailsError}
          required
        />
        {form === 'dsa' && <Checkbox label={TEXTS.social.trustedFlagger} checked={trusted} onChange={(event) => setTrusted(event.target.checked)} />}
        {submit.isError && <FormError>{isApiError(submit.error) && submit.error.message ? submit.error.fullMessage : TEXTS.genericError}</FormError>}
        <div className={styles.actions}>
          <Button variant="secondary" size="large" onPress={close} isDisabled={submit.isPending}>
            {TEXTS.social.cancel}
          </Button>
          <Button type="submit" variant="primary" size="large" isDisabled={submit.isPending}>
            {submit.isPending ? TEXTS.social.sending : TEXTS.social.sendReport}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
