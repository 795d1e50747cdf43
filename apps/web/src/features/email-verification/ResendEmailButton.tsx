import { MESSAGES } from '../../lib/messages';
import { Button, type ButtonSize } from '../../components/Button/Button';
import { isApiError } from '../../lib/api';
import { TEXTS } from '../../lib/allTexts';
import { useResendVerificationEmail } from './emailVerification.queries';
import styles from './EmailVerification.module.css';

/** 'Resend email' that becomes 'Email sent' (and stays disabled) once the mail is on its way. */
export function ResendEmailButton({ size = 'large' }: { size?: ButtonSize }) {
  const resend = useResendVerificationEmail();
  const label = resend.isSuccess ? MESSAGES.emailVerification.sent : resend.isPending ? TEXTS.emailVerification.resending : MESSAGES.emailVerification.resend;
  return (
    <div className={styles.resend}>
      <Button variant="primary" size={size} onPress={() => resend.mutate()} isDisabled={resend.isPending || resend.isSuccess}>
        {label}
      </Button>
      {resend.isError && (
        <p className={styles.error} role="alert">
          {isApiError(resend.error) && resend.error.message ? resend.error.message : TEXTS.genericError}
        </p>
      )}
    </div>
  );
}
