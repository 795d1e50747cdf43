import { VerifyEmailPage } from '../features/email-verification/VerifyEmailPage';

/** /verify-email/ */
export function VerifyEmailRoute() {
  return <VerifyEmailPage />;
}
