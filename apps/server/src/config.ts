/**
 * Every environment variable the server reads, parsed once. Defaults give the
 * embedded setup: PGlite in ./data, media on disk, limits in process.
 */
import { resolve } from 'node:path';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const int = z.coerce.number().int().nonnegative();

const EnvSchema = z.object({
  PORT: int.default(3000),
  HOST: z.string().default('localhost'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  PUBLIC_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: bool.default(true),
  SESSION_TTL_DAYS: int.default(30),
  LOGIN_RATE_LIMIT_ACCOUNT: int.default(10),
  LOGIN_RATE_LIMIT_CLIENT: int.default(50),
  LOGIN_RATE_LIMIT_WINDOW_SECONDS: int.default(900),
  SIGNUP_RATE_LIMIT_CLIENT: int.default(30),
  ARGON2_MEMORY_KIB: int.default(19456),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: bool.default(false),
  FETCH_ALLOW_PRIVATE_ADDRESSES: bool.default(false),
  EXPERIMENT_GROUPS: z.string().default(''),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().optional(),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  publicUrl: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  seedDemo: boolean;
  sessionTtlDays: number;
  loginRateLimit: { perAccount: number; perClient: number; windowSeconds: number };
  signupRateLimitPerClient: number;
  argon2MemoryKib: number;
  webDistDir: string;
  trustProxy: boolean;
  /** Tests only: lets server-side fetching reach loopback and private addresses (their own fixture pages). */
  fetchAllowPrivateAddresses: boolean;
  /** Experiment groups by experiment name, e.g. pin_creation: disable_web_pins. */
  experiments: Record<string, string>;
  /** smtp(s)://user:pass@host:port; without it mail goes to DATA_DIR/outbox/. */
  smtpUrl: string | undefined;
  /** The sender of every mail, e.g. "Pinboard <no-reply@pins.example>". */
  mailFrom: string;
};

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${issues}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    redisUrl: e.REDIS_URL || undefined,
    publicUrl,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    sessionTtlDays: e.SESSION_TTL_DAYS,
    loginRateLimit: {
      perAccount: e.LOGIN_RATE_LIMIT_ACCOUNT,
      perClient: e.LOGIN_RATE_LIMIT_CLIENT,
      windowSeconds: e.LOGIN_RATE_LIMIT_WINDOW_SECONDS,
    },
    signupRateLimitPerClient: e.SIGNUP_RATE_LIMIT_CLIENT,
    argon2MemoryKib: Math.max(19456, e.ARGON2_MEMORY_KIB),
    webDistDir: resolve(e.WEB_DIST_DIR ?? new URL('../../web/dist', import.meta.url).pathname),
    trustProxy: e.TRUST_PROXY,
    fetchAllowPrivateAddresses: e.FETCH_ALLOW_PRIVATE_ADDRESSES,
    experiments: parseExperiments(e.EXPERIMENT_GROUPS),
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM || defaultMailFrom(publicUrl),
  };
}

/** "Pinboard <no-reply@{the site's host name}>" */
function defaultMailFrom(publicUrl: string): string {
  let host = 'localhost';
  try {
    host = new URL(publicUrl).hostname || host;
  } catch {
    // An unreadable PUBLIC_URL keeps the local default.
  }
  return `Pinboard <no-reply@${host}>`;
}

/** "pin_creation:disable_web_pins,other:group" → { pin_creation: 'disable_web_pins', other: 'group' } */
function parseExperiments(value: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of value.split(',').map((p) => p.trim()).filter(Boolean)) {
    const [name, group] = pair.split(':').map((p) => p.trim());
    if (!name || !group) throw new Error(`Invalid configuration: EXPERIMENT_GROUPS: "${pair}" is not name:group`);
    out[name] = group;
  }
  return out;
}
