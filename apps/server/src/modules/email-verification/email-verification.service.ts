/**
 * Email verification: a link mailed at sign-up and on request (within the
 * `email_verification_resend` limit of rate-limit/limits.ts), and the check
 * of a link's token. Only the token's hash is stored; a link lasts
 * TOKEN_TTL_DAYS.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { requireViewer, type RequestContext } from '../../lib/context';
import type { Mailer } from '../../mail';
import type { ActionLimits } from '../../rate-limit/limits';
import { emailVerificationRepo } from './email-verification.repo';
import { verificationLink, verificationMail } from './email-verification.mail';
import { userById } from '../../kernel';

const TOKEN_TTL_DAYS = 7;
/** How long an expired link is kept, so that opening it says "expired" rather than "not valid". */
const STALE_LINK_KEEP_DAYS = 30;

export interface EmailVerificationDeps {
  db: Db;
  config: { publicUrl: string };
  limits: ActionLimits;
  /** Its adapters log every failure, so the service only decides what a failure means. */
  mailer: Mailer;
}

export function createEmailVerificationService({ db, config, limits, mailer }: EmailVerificationDeps) {
  async function sendLink(user: { id: string; email: string; full_name: string; first_name?: string; locale?: string }) {
    const token = randomBytes(32).toString('base64url');
    await emailVerificationRepo.insertToken(db, token, user.id, user.email, TOKEN_TTL_DAYS);
    const name = user.first_name || user.full_name;
    await mailer.send(verificationMail({ email: user.email, name, locale: user.locale }, verificationLink(config.publicUrl, token), TOKEN_TTL_DAYS));
  }

  return {
    /**
     * Right after sign-up. A mail that cannot be sent does not undo the
     * account (the adapter has logged why); the person can ask for another.
     */
    async sendAfterSignUp(user: { id: string; email: string; full_name: string; first_name?: string; locale?: string }) {
      try {
        await sendLink(user);
      } catch {
        // Logged by the mail adapter.
      }
    },

    /** POST /v3/users/email/verify/resend/: a new link to the signed-in person. */
    async resend(ctx: RequestContext) {
      const viewer = requireViewer(ctx);
      const user = await userById(db, viewer.id);
      if (!user) throw new AppError('LOGIN_REQUIRED', 'You need to log in first.');
      if (user.email_verified) throw new AppError('CONFLICT', 'Your email is already verified.');
      await limits.takeMany('email_verification_resend', user.id, 1);
      try {
        await sendLink(user);
      } catch {
        throw new AppError('INTERNAL', "We couldn't send the email. Please try again later.");
      }
      return { email_sent: true };
    },

    /** POST /v3/users/email/verify/: the link's token verifies its account, signed in or not. */
    async verify(token: string) {
      const row = await emailVerificationRepo.byToken(db, token);
      if (!row || row.email.toLowerCase() !== row.user_email.toLowerCase()) {
        throw new AppError('VERIFICATION_LINK_INVALID', "This verification link isn't valid. Ask for a new one.");
      }
      if (row.used) throw new AppError('CONFLICT', 'This verification link has already been used. Your email is verified.');
      if (row.expired) throw new AppError('VERIFICATION_LINK_EXPIRED', 'This verification link has expired. Ask for a new one.');
      await db.tx((tx) => emailVerificationRepo.markVerified(tx, row.user_id));
      return { email_verified: true };
    },

    /** Hourly: forgets links that expired more than STALE_LINK_KEEP_DAYS ago. */
    purgeStale: () => emailVerificationRepo.deleteStale(db, STALE_LINK_KEEP_DAYS),
  };
}

export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>;
