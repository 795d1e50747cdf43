/**
 * Sign-up, log-in and log-out. Log-in failures are counted per account and
 * per client; past either limit the answer is 429 with Retry-After.
 */
import { isReservedPath } from '@pinboard/shared/constants/reservedPaths';
import { isValidEmail } from '@pinboard/shared/text/email';
import type { TLogin, TRegister } from '@pinboard/shared/schemas/users';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { ValidationError } from '../../lib/validation';
import type { RateLimiter } from '../../rate-limit';
import type { EmailVerificationService } from '../email-verification/email-verification.service';
import { usersRepo, type UserRow } from '../users/users.repo';
import { hashPassword, verifyPassword } from './passwords';
import { newSessionToken, sessionsRepo } from './sessions.repo';

export interface AuthDeps {
  db: Db;
  config: Config;
  limiter: RateLimiter;
  emailVerification: Pick<EmailVerificationService, 'sendAfterSignUp'>;
}

export function createAuthService({ db, config, limiter, emailVerification }: AuthDeps) {
  const { perAccount, perClient, windowSeconds } = config.loginRateLimit;

  async function startSession(userId: string) {
    const token = newSessionToken();
    await sessionsRepo.insert(db, token, userId, config.sessionTtlDays);
    return token;
  }

  async function assertUnderLimit(keys: [string, number][]) {
    for (const [key, limit] of keys) {
      const { count, resetSeconds } = await limiter.peek(key);
      if (count >= limit) {
        throw new AppError('RATE_LIMITED', 'Too many attempts. Please wait a moment and try again.', {
          headers: { 'retry-after': String(Math.max(1, resetSeconds)) },
        });
      }
    }
  }

  async function uniqueUsernameFrom(email: string) {
    const base = (email.split('@')[0] ?? '').replace(/[^A-Za-z0-9_]/g, '').slice(0, 24).toLowerCase() || 'user';
    const padded = base.length < 3 ? `${base}user` : base;
    for (let i = 0; i < 20; i++) {
      const candidate = i === 0 ? padded : `${padded}${Math.floor(Math.random() * 10 ** Math.min(6, i + 1))}`;
      if (!isReservedPath(candidate) && !(await usersRepo.usernameTaken(db, candidate))) return candidate;
    }
    return `${padded.slice(0, 16)}${Date.now().toString(36)}`;
  }

  return {
    async register(input: TRegister, clientIp: string): Promise<{ user: UserRow; token: string }> {
      await assertUnderLimit([[`signup:ip:${clientIp}`, config.signupRateLimitPerClient]]);
      await limiter.hit(`signup:ip:${clientIp}`, 3600);
      if (!isValidEmail(input.email)) throw new ValidationError('email', 'Please enter a valid email address.');
      if (input.username && isReservedPath(input.username)) {
        throw new ValidationError('username', 'That username is not available.');
      }
      if (await usersRepo.emailTaken(db, input.email)) {
        throw new AppError('CONFLICT', 'An account with that email already exists.');
      }
      const username = input.username ?? (await uniqueUsernameFrom(input.email));
      if (await usersRepo.usernameTaken(db, username)) throw new AppError('CONFLICT', 'That username is taken.');
      const passwordHash = await hashPassword(input.password, config.argon2MemoryKib);
      const id = newId();
      const user = await usersRepo.insert(db, {
        id,
        username,
        email: input.email,
        passwordHash,
        fullName: input.full_name || username,
        avatarColorIndex: Number(BigInt(id) % 7n),
        emailVerified: false,
      });
      await emailVerification.sendAfterSignUp(user);
      return { user, token: await startSession(user.id) };
    },

    async login(input: TLogin, clientIp: string) {
      const accountKey = `login:acct:${input.username_or_email.toLowerCase()}`;
      const clientKey = `login:ip:${clientIp}`;
      await assertUnderLimit([
        [accountKey, perAccount],
        [clientKey, perClient],
      ]);
      const user = await usersRepo.byUsernameOrEmail(db, input.username_or_email);
      const ok = user ? await verifyPassword(user.password_hash, input.password) : false;
      if (!user || !ok) {
        await limiter.hit(accountKey, windowSeconds);
        await limiter.hit(clientKey, windowSeconds);
        throw new AppError('BAD_CREDENTIALS', 'The email or password you entered is incorrect.');
      }
      await limiter.reset(accountKey);
      return { user, token: await startSession(user.id) };
    },

    logout: (token: string) => sessionsRepo.delete(db, token),
    viewerOf: (token: string) => sessionsRepo.viewerOf(db, token),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
