/**
 * Sign-up, log-in, log-out, password changes and ending every session.
 * Password attempts are limited per client and per account (decision 019);
 * an account with two-factor sign-in also needs a code (modules/mfa, decision 034);
 * past either limit the answer is 429 with Retry-After. Whoever ends
 * sessions announces session.ended (decision 070), so that the live streams
 * they held close.
 */
import { randomBytes } from 'node:crypto';
import { isReservedPath } from '@pinboard/shared/constants/reservedPaths';
import { isValidEmail } from '@pinboard/shared/text/email';
import type { TChangePassword, TLogin, TRegister } from '@pinboard/shared/schemas/users';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { EventEmitter } from '../../events/bus';
import { AppError, loginRequired } from '../../lib/app-error';
import { requireViewer, type RequestContext } from '../../lib/context';
import { newId } from '../../lib/ids';
import { keyedInvalid, ValidationError } from '../../lib/validation';
import type { RateLimiter } from '../../rate-limit';
import type { EmailVerificationService } from '../email-verification';
import type { MfaService } from '../mfa';
import { userById } from '../../kernel';
import { ACCOUNT_REMOVED, maySignIn, type UserRow, userAccounts } from '../users';
import { assertUncommonPassword } from './common-passwords';
import { hashPassword, verifyPassword } from './passwords';
import { hashToken } from '../../lib/tokens';
import { newSessionToken, sessionsRepo } from './sessions.repo';

/**
 * A sign-up with an email that has an account answers 409 (the contract's status for it), but in words
 * that do not say so, and only a few times per client (decision 019).
 */
export const EMAIL_CONFLICT_MESSAGE = 'We could not sign you up with that email. If you have an account, log in instead.';
const SIGNUP_WINDOW_SECONDS = 3600;
const usernameConflict = () => new AppError('CONFLICT', 'That username is taken.');

/** Which of the users table's unique names a failed insert collided with, if that is why it failed. */
function uniqueViolation(err: unknown): 'email' | 'username' | null {
  const e = err as { code?: string; constraint?: string; detail?: string; message?: string };
  if (e?.code !== '23505') return null;
  const where = `${e.constraint ?? ''} ${e.detail ?? ''} ${e.message ?? ''}`;
  if (/email/.test(where)) return 'email';
  if (/username/.test(where)) return 'username';
  return null;
}

const accountKeyOf = (userId: string) => `login:acct:${userId}`;
/** Right-password attempts of a client on an account that were answered "enter the code" (MFA_REQUIRED). */
const codePendingKeyOf = (clientIp: string, userId: string) => `login:mfa-pending:${clientIp}:${userId}`;

/** A wrong password where the signed-in person confirms who they are (turning two-factor sign-in off). */
const PASSWORD_WRONG = 'Your password is not right.';

const tooManyAttempts = (retryAfterSeconds: number) =>
  new AppError('RATE_LIMITED', 'Too many attempts. Please wait a moment and try again.', {
    headers: { 'retry-after': String(Math.max(1, retryAfterSeconds)) },
  });

export interface AuthDeps {
  db: Db;
  config: Config;
  limiter: RateLimiter;
  emailVerification: Pick<EmailVerificationService, 'sendAfterSignUp'>;
  /** Two-factor sign-in, asked at log-in once it is on. */
  mfa: Pick<MfaService, 'isEnabled' | 'checkCode'>;
  /** Announces session.ended with the token hashes of sessions that ended, so that what they hold open (live message streams) closes. */
  events: EventEmitter;
}

export function createAuthService({ db, config, limiter, emailVerification, mfa, events }: AuthDeps) {
  const { perAccount, accountWindowSeconds, perClient, windowSeconds } = config.loginRateLimit;

  async function ended(tokenHashes: string[]) {
    if (tokenHashes.length > 0) await events.emit('session.ended', { tokenHashes });
    return tokenHashes;
  }

  /**
   * One password attempt, taken from the client's and then the account's budget before any password
   * work, in one atomic step each, so attempts that arrive together cannot all get through. The
   * client's limit comes first: one client cannot use up an account's (larger, gradually returning)
   * budget and lock its owner out. An attempt the account's limit refuses never reached the password
   * check and is not charged to the client.
   */
  async function startPasswordAttempt(clientIp: string) {
    const clientKey = `login:ip:${clientIp}`;
    const client = await limiter.consume(clientKey, perClient, windowSeconds);
    if (!client.allowed) throw tooManyAttempts(client.retryAfterSeconds);
    let accountKey: string | null = null;
    return {
      async forAccount(key: string) {
        const account = await limiter.consumeDecaying(key, perAccount, accountWindowSeconds);
        if (!account.allowed) {
          await limiter.release(clientKey);
          throw tooManyAttempts(account.retryAfterSeconds);
        }
        accountKey = key;
      },
      /** The password was right: the attempt is not held against the client, and the account's failures are cleared. */
      async succeeded() {
        await Promise.all([limiter.release(clientKey), accountKey ? limiter.reset(accountKey) : undefined]);
      },
      /**
       * The right password came without the two-factor code the account needs: the attempt stays charged (decision 034),
       * and is noted per client and account, so that the log-in that brings the right code gives it back too.
       */
      async awaitsCode(userId: string) {
        await limiter.hit(codePendingKeyOf(clientIp, userId), windowSeconds);
      },
      /** The right code came with the right password: the attempts that were only waiting for it are given back as well. */
      async codeSucceeded(userId: string) {
        const pendingKey = codePendingKeyOf(clientIp, userId);
        const { count } = await limiter.peek(pendingKey);
        if (count === 0) return;
        await limiter.reset(pendingKey);
        for (let i = 0; i < Math.min(count, perClient); i++) await limiter.release(clientKey);
      },
    };
  }

  /** A hash of a random password with the configured cost, made once, to check unknown names against. */
  let dummy: Promise<string> | null = null;
  const dummyHash = () => (dummy ??= hashPassword(randomBytes(24).toString('base64url'), config.argon2MemoryKib));

  async function startSession(userId: string) {
    const token = newSessionToken();
    await sessionsRepo.insert(db, token, userId, config.sessionTtlDays);
    return token;
  }

  async function uniqueUsernameFrom(email: string) {
    const base =
      (email.split('@')[0] ?? '')
        .replace(/[^A-Za-z0-9_]/g, '')
        .slice(0, 24)
        .toLowerCase() || 'user';
    const padded = base.length < 3 ? `${base}user` : base;
    for (let i = 0; i < 20; i++) {
      const candidate = i === 0 ? padded : `${padded}${Math.floor(Math.random() * 10 ** Math.min(6, i + 1))}`;
      if (!isReservedPath(candidate) && !(await userAccounts.usernameTaken(db, candidate))) return candidate;
    }
    return `${padded.slice(0, 16)}${Date.now().toString(36)}`;
  }

  return {
    async register(input: TRegister, clientIp: string): Promise<{ user: UserRow; token: string }> {
      // A client that has used up its answers about taken emails waits for every sign-up, so a 429 tells nothing.
      const conflictKey = `signup:conflict:ip:${clientIp}`;
      const conflicts = await limiter.peek(conflictKey);
      if (conflicts.count >= config.signupRateLimit.emailConflictsPerClient) throw tooManyAttempts(conflicts.resetSeconds);
      const signups = await limiter.consume(`signup:ip:${clientIp}`, config.signupRateLimit.perClient, SIGNUP_WINDOW_SECONDS);
      if (!signups.allowed) throw tooManyAttempts(signups.retryAfterSeconds);
      /** The answer for an email that has an account: a few per client and hour, then 429 like any other sign-up. */
      const emailConflict = async () => {
        const answer = await limiter.consume(conflictKey, config.signupRateLimit.emailConflictsPerClient, SIGNUP_WINDOW_SECONDS);
        return answer.allowed ? new AppError('CONFLICT', EMAIL_CONFLICT_MESSAGE) : tooManyAttempts(answer.retryAfterSeconds);
      };
      if (!isValidEmail(input.email)) throw new ValidationError('email', 'Please enter a valid email address.');
      if (input.username && isReservedPath(input.username)) {
        throw new ValidationError('username', 'That username is not available.');
      }
      assertUncommonPassword(input.password);
      if (await userAccounts.emailTaken(db, input.email)) throw await emailConflict();
      if (input.username && (await userAccounts.usernameTaken(db, input.username))) throw usernameConflict();
      const passwordHash = await hashPassword(input.password, config.argon2MemoryKib);
      // Another sign-up may take the email or the username between the checks and the insert: the unique
      // indexes decide, and the loser gets the same 409 as if it had come second (a derived username is re-derived).
      let user: UserRow | null = null;
      for (let attempt = 0; !user; attempt++) {
        const username = input.username ?? (await uniqueUsernameFrom(input.email));
        const id = newId();
        try {
          user = await userAccounts.create(db, {
            id,
            username,
            email: input.email,
            passwordHash,
            fullName: input.full_name || username,
            avatarColorIndex: Number(BigInt(id) % 7n),
            emailVerified: false,
            ...(input.locale ? { locale: input.locale } : {}),
          });
        } catch (err) {
          const taken = uniqueViolation(err);
          if (taken === 'email') throw await emailConflict();
          if (taken === 'username' && (input.username || attempt >= 2)) throw usernameConflict();
          if (taken !== 'username') throw err;
        }
      }
      await emailVerification.sendAfterSignUp(user);
      return { user, token: await startSession(user.id) };
    },

    /** Log-in attempts are limited per client, then per account (startPasswordAttempt; decision 019). */
    async login(input: TLogin, clientIp: string) {
      const attempt = await startPasswordAttempt(clientIp);
      const user = await userAccounts.byUsernameOrEmail(db, input.username_or_email);
      // One budget per account, whichever of its names was typed; a name with no account has its own.
      await attempt.forAccount(user ? accountKeyOf(user.id) : `login:name:${input.username_or_email.toLowerCase()}`);
      let ok = false;
      if (user) ok = await verifyPassword(user.password_hash, input.password);
      // A name with no account costs the same Argon2id check as a wrong password, so the time taken tells nothing.
      else await verifyPassword(await dummyHash(), input.password);
      if (!user || !ok) throw new AppError('BAD_CREDENTIALS', 'The email or password you entered is incorrect.');
      // A removed account (decision 045) is told so, only after the right password: a wrong one tells nothing.
      if (!maySignIn(user)) throw new AppError('FORBIDDEN', ACCOUNT_REMOVED);
      // With two-factor sign-in on, the right password alone opens nothing, and stays charged to the
      // budgets until a right code comes with it: guessing codes costs attempts like guessing passwords.
      if (await mfa.isEnabled(user.id)) {
        if (!input.mfa_code) {
          await attempt.awaitsCode(user.id);
          throw new AppError('MFA_REQUIRED', 'mfa_code: enter the 6-digit code from your authenticator app.');
        }
        if (!(await mfa.checkCode(user.id, input.mfa_code))) {
          throw keyedInvalid('mfa_code', 'auth.mfaWrong', { field: 'mfa_code' });
        }
        // A two-factor log-in takes two requests: the one asked for the code is given back with this one.
        await attempt.codeSucceeded(user.id);
      }
      await attempt.succeeded();
      return { user, token: await startSession(user.id) };
    },

    /**
     * A new password for the signed-in account (UserPasswordResource update). The current password is
     * checked under the log-in limits; then every session of the account ends, and the current one goes
     * on with a new token. Answers that token and how many other sessions ended.
     */
    async changePassword(ctx: RequestContext, currentToken: string, input: TChangePassword) {
      const viewer = requireViewer(ctx);
      assertUncommonPassword(input.new_password, 'new_password');
      const attempt = await startPasswordAttempt(ctx.clientIp);
      await attempt.forAccount(accountKeyOf(viewer.id));
      const user = await userById(db, viewer.id);
      if (!user) throw loginRequired();
      if (!(await verifyPassword(user.password_hash, input.current_password))) {
        throw new ValidationError('current_password', 'Your current password is not right.');
      }
      await attempt.succeeded();
      const passwordHash = await hashPassword(input.new_password, config.argon2MemoryKib);
      const token = newSessionToken();
      const endedHashes = await db.tx(async (tx) => {
        await userAccounts.setPasswordHash(tx, user.id, passwordHash);
        const hashes = await sessionsRepo.deleteAllFor(tx, user.id);
        await sessionsRepo.insert(tx, token, user.id, config.sessionTtlDays);
        return hashes;
      });
      // This browser's own session goes on under the new token (the answer sets it), so its live streams are not
      // told that it ended: told before the answer arrives, the page would ask who is signed in with the old
      // cookie and show itself signed out. They close at their next session check, and the page opens them again.
      const current = hashToken(currentToken);
      const others = endedHashes.filter((h) => h !== current);
      await ended(others);
      return { token, endedOthers: others.length };
    },

    /**
     * The signed-in person confirms with their password before a change that weakens the account
     * (turning two-factor sign-in off), under the log-in limits like a password change: 400 naming
     * `password` when wrong, 429 past the limits.
     */
    async confirmPassword(ctx: RequestContext, password: string) {
      const viewer = requireViewer(ctx);
      const attempt = await startPasswordAttempt(ctx.clientIp);
      await attempt.forAccount(accountKeyOf(viewer.id));
      const user = await userById(db, viewer.id);
      if (!user) throw loginRequired();
      if (!(await verifyPassword(user.password_hash, password))) throw new ValidationError('password', PASSWORD_WRONG);
      await attempt.succeeded();
    },

    /**
     * Every session of the signed-in account but this one ends (two-factor sign-in turned on: a session
     * opened with the password alone ends, as on a password change); answers how many.
     */
    async endOtherSessions(ctx: RequestContext, currentToken: string) {
      const viewer = requireViewer(ctx);
      return (await ended(await sessionsRepo.deleteOthersFor(db, viewer.id, currentToken))).length;
    },

    /** "Log out of all devices" (UserSessionsResource delete): every session of the account ends, this one too. */
    async logoutEverywhere(ctx: RequestContext) {
      const viewer = requireViewer(ctx);
      return (await ended(await sessionsRepo.deleteAllFor(db, viewer.id))).length;
    },

    /** A person was removed (decision 045): every session of theirs ends, and the live streams they hold close. */
    async endSessionsOf(userId: string) {
      return (await ended(await sessionsRepo.deleteAllFor(db, userId))).length;
    },

    /** For the hourly jobs: forgets sessions past their expiry; answers how many. */
    purgeExpiredSessions: () => sessionsRepo.purgeExpired(db),

    logout: async (token: string) => {
      await ended(await sessionsRepo.delete(db, token));
    },
    viewerOf: async (token: string) => (await sessionsRepo.sessionOf(db, token))?.viewer ?? null,
    /** The viewer and the session's end, for the session cache (plugins/session-cache.ts). */
    sessionOf: (token: string) => sessionsRepo.sessionOf(db, token),
  };
}
