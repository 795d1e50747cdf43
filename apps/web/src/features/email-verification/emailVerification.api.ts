import { api } from '../../lib/api';

const RESEND_PATH = '/v3/users/email/verify/resend/';
const VERIFY_PATH = '/v3/users/email/verify/';

/** Mails the signed-in person a new verification link (the spec's Resend email). */
export async function resendVerificationEmail(): Promise<void> {
  await api.spec<{ email_sent: boolean }>(RESEND_PATH, { method: 'POST' });
}

/** Verifies the account a mailed link belongs to. */
export async function verifyEmail(token: string): Promise<{ email_verified: boolean }> {
  const result = await api.spec<{ email_verified: boolean }>(VERIFY_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  return result.data;
}
