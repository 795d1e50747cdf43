/**
 * Two-factor sign-in with time-based one-time codes (TOTP, RFC 6238: SHA-1,
 * 6 digits, 30-second steps, one step of drift either way) from the `otpauth`
 * library, the enrolment QR code drawn by `qrcode` (decision 034). A code's
 * time step is remembered when accepted, and no code of that step or an
 * earlier one is accepted again. Ten recovery codes are made when enrolment is
 * confirmed, shown once, stored as their SHA-256, each usable once.
 */
import { randomInt } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { requireViewer, type RequestContext } from '../../lib/context';
import { hashToken } from '../../lib/tokens';
import { keyedInvalid, ValidationError } from '../../lib/validation';
import type { RateLimiter } from '../../rate-limit';
import { mfaRepo } from './mfa.repo';

const TOTP_PERIOD_SECONDS = 30;
const ISSUER = 'Pinboard';
const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function totpOf(secret: string, label: string) {
  return new OTPAuth.TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_SECONDS, secret: OTPAuth.Secret.fromBase32(secret) });
}

function newRecoveryCode() {
  let s = '';
  for (let i = 0; i < 10; i++) s += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

const hashRecovery = (code: string) => hashToken(`mfa-recovery:${code.trim().toLowerCase()}`);

export interface MfaDeps {
  db: Db;
  config: Config;
  limiter: RateLimiter;
  /** The clock, in milliseconds (tests move it to the next time step). */
  now?: () => number;
}

export function createMfaService({ db, config, limiter, now = Date.now }: MfaDeps) {
  const { perAccount, accountWindowSeconds } = config.loginRateLimit;

  /** The time step a 6-digit code belongs to (within one step of now), or null when it is not a code of this secret. */
  function stepOf(secret: string, code: string): number | null {
    const at = now();
    const delta = totpOf(secret, '').validate({ token: code, timestamp: at, window: 1 });
    if (delta === null) return null;
    return Math.floor(at / 1000 / TOTP_PERIOD_SECONDS) + delta;
  }

  /** Checks a 6-digit code and takes its step; false when wrong or already used. */
  async function acceptTotp(userId: string, secret: string, code: string): Promise<boolean> {
    const step = stepOf(secret, code);
    if (step === null) return false;
    return mfaRepo.takeStep(db, userId, step);
  }

  /** Code attempts outside log-in (confirming, turning off) share one budget per account. */
  async function takeAttempt(userId: string) {
    const r = await limiter.consumeDecaying(`mfa:acct:${userId}`, perAccount, accountWindowSeconds);
    if (!r.allowed) {
      throw new AppError('RATE_LIMITED', 'Too many attempts. Please wait a moment and try again.', {
        headers: { 'retry-after': String(Math.max(1, r.retryAfterSeconds)) },
      });
    }
  }

  const wrongCode = (field: string) => keyedInvalid(field, 'auth.mfaWrong', { field });

  return {
    async isEnabled(userId: string) {
      const row = await mfaRepo.byUser(db, userId);
      return !!row?.enabled_at;
    },

    enabledAmong: (userIds: string[]) => mfaRepo.enabledAmong(db, userIds),

    /** UserMfaResource get: whether two-factor sign-in is on, and how many recovery codes are left. */
    async status(ctx: RequestContext) {
      const viewer = requireViewer(ctx);
      const row = await mfaRepo.byUser(db, viewer.id);
      return {
        enabled: !!row?.enabled_at,
        enabled_at: row?.enabled_at?.toISOString() ?? null,
        recovery_codes_left: row?.enabled_at ? await mfaRepo.recoveryCodesLeft(db, viewer.id) : 0,
      };
    },

    /** UserMfaResource create: a new secret, its otpauth URL and QR code. Not active until a code confirms it. */
    async startEnrolment(ctx: RequestContext) {
      const viewer = requireViewer(ctx);
      const secret = new OTPAuth.Secret({ size: 20 }).base32;
      if (!(await mfaRepo.startEnrolment(db, viewer.id, secret))) {
        throw new AppError('CONFLICT', 'Two-factor authentication is already on. Turn it off first to set it up again.');
      }
      const otpauthUrl = totpOf(secret, viewer.username).toString();
      const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      return { secret, otpauth_url: otpauthUrl, qr_code: `data:image/svg+xml;base64,${Buffer.from(qrSvg).toString('base64')}` };
    },

    /** UserMfaResource update: the first code turns it on; answers the recovery codes, shown this once. */
    async confirmEnrolment(ctx: RequestContext, code: string) {
      const viewer = requireViewer(ctx);
      const row = await mfaRepo.byUser(db, viewer.id);
      if (!row) throw new ValidationError('code', 'code: start setting up two-factor authentication first.');
      if (row.enabled_at) throw new AppError('CONFLICT', 'Two-factor authentication is already on.');
      await takeAttempt(viewer.id);
      if (!(await acceptTotp(viewer.id, row.secret, code))) throw wrongCode('code');
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await db.tx((tx) => mfaRepo.enable(tx, viewer.id, codes.map(hashRecovery)));
      return { enabled: true, recovery_codes: codes };
    },

    /** UserMfaResource delete: turns it off with a current code or a recovery code. */
    async disable(ctx: RequestContext, code: string) {
      const viewer = requireViewer(ctx);
      const row = await mfaRepo.byUser(db, viewer.id);
      if (!row?.enabled_at) throw new ValidationError('code', 'code: two-factor authentication is not on.');
      await takeAttempt(viewer.id);
      if (!(await this.checkCode(viewer.id, code))) throw wrongCode('code');
      await db.tx((tx) => mfaRepo.disable(tx, viewer.id));
      return { enabled: false };
    },

    /**
     * A code at log-in: a 6-digit code of the account's secret not used before,
     * or an unused recovery code (used up by this). False when neither.
     */
    async checkCode(userId: string, code: string): Promise<boolean> {
      const row = await mfaRepo.byUser(db, userId);
      if (!row?.enabled_at) return false;
      const trimmed = code.trim();
      if (/^\d{6}$/.test(trimmed)) return acceptTotp(userId, row.secret, trimmed);
      return mfaRepo.useRecoveryCode(db, userId, hashRecovery(trimmed));
    },
  };
}

export type MfaService = ReturnType<typeof createMfaService>;
