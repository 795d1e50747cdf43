import { apiRoute } from '../../lib/api';

/** Mails the signed-in person a new verification link (the spec's Resend email). */
export async function resendVerificationEmail(): Promise<void> {
  await apiRoute('POST /v3/users/email/verify/resend/', {});
}

/** Verifies the account a mailed link belongs to. */
export async function verifyEmail(token: string) {
  return (await apiRoute('POST /v3/users/email/verify/', { body: { token } })).data;
}
