import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { zChangePassword } from '@pinboard/shared/schemas/users';
import { Button } from '../../../components/Button/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog/ConfirmDialog';
import { FormError, TextInput } from '../../../components/Field/Field';
import { SubmitButton } from '../../../components/Field/formParts';
import { useFormFields } from '../../../components/Field/useFormFields';
import { showToast } from '../../../components/Toast/toasts';
import { isApiError } from '../../../lib/api';
import { TEXTS } from '../../../lib/allTexts';
import { SettingsSection } from './SettingsSection';
import { useChangePassword, useLogOutEverywhere } from '../settings.queries';
import styles from './Settings.module.css';
import { localServerText } from '../../../lib/i18n';

type PasswordField = 'current_password' | 'new_password' | 'confirm_password';
const EMPTY: Record<PasswordField, string> = { current_password: '', new_password: '', confirm_password: '' };

const messageOf = (error: unknown) => (isApiError(error) && error.message ? error.fullMessage : TEXTS.genericError);

/**
 * Change password (UserPasswordResource update): the current password, the new
 * one twice. The server ends every other session and keeps this one.
 */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const form = useFormFields<PasswordField>(EMPTY);
  const { values } = form;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    const found: Partial<Record<PasswordField, string>> = {};
    const parsed = zChangePassword.safeParse({ current_password: values.current_password, new_password: values.new_password });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as PasswordField;
        found[field] ??= field === 'current_password' ? TEXTS.settings.currentPasswordRequired : localServerText(issue.message);
      }
    }
    if (!found.new_password && values.confirm_password !== values.new_password) found.confirm_password = TEXTS.settings.passwordsDiffer;
    if (Object.keys(found).length > 0 || !parsed.success) {
      form.setErrors(found);
      return;
    }
    change.mutate(parsed.data, {
      onSuccess: ({ ended_sessions }) => {
        form.setValues(EMPTY);
        form.setErrors({});
        showToast(TEXTS.settings.passwordChanged({ others: ended_sessions }));
      },
      onError: (error) => form.showServerError(error, ['current_password', 'new_password'], messageOf(error)),
    });
  };

  return (
    <SettingsSection id="password-heading" heading={TEXTS.settings.passwordHeading} intro={TEXTS.settings.passwordIntro}>
      <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="password-heading">
        {form.formError && <FormError>{form.formError}</FormError>}
        <TextInput label={TEXTS.settings.currentPassword} {...form.field('current_password')} type="password" autoComplete="current-password" />
        <TextInput
          label={TEXTS.settings.newPassword}
          {...form.field('new_password')}
          type="password"
          autoComplete="new-password"
          help={TEXTS.settings.newPasswordHelp}
        />
        <TextInput label={TEXTS.settings.confirmPassword} {...form.field('confirm_password')} type="password" autoComplete="new-password" />
        <div>
          <SubmitButton pending={change.isPending}>{change.isPending ? TEXTS.settings.changingPassword : TEXTS.settings.changePassword}</SubmitButton>
        </div>
      </form>
    </SettingsSection>
  );
}

/** "Log out of all devices" (UserSessionsResource delete), after a confirmation; this session ends too. */
export function LogOutEverywhere() {
  const logOut = useLogOutEverywhere();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);

  return (
    <SettingsSection id="sessions-heading" heading={TEXTS.settings.sessionsHeading} intro={TEXTS.settings.sessionsIntro}>
      <div>
        <Button variant="secondary" size="large" onPress={() => setConfirming(true)}>
          {TEXTS.settings.logOutEverywhere}
        </Button>
      </div>
      <ConfirmDialog
        isOpen={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) logOut.reset();
        }}
        title={TEXTS.settings.logOutEverywhereTitle}
        confirmLabel={TEXTS.settings.logOutEverywhereConfirm}
        busyLabel={TEXTS.settings.loggingOutEverywhere}
        cancelLabel={TEXTS.settings.cancel}
        busy={logOut.isPending}
        error={logOut.isError ? messageOf(logOut.error) : null}
        onConfirm={() =>
          logOut.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              void navigate('/login/');
              showToast(TEXTS.settings.loggedOutEverywhere);
            },
          })
        }
      >
        {TEXTS.settings.logOutEverywhereBody}
      </ConfirmDialog>
    </SettingsSection>
  );
}
