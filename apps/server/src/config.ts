/**
 * Every environment variable the server reads, parsed once. Defaults give the
 * embedded setup: PostgreSQL run by the app in ./data, media on disk,
 * limits in process.
 */
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';
import type { S3Settings } from './media-pipeline/s3-media-store';
import { ACTION_NAMES, defaultLimitValues, limitEnvNames, type ActionLimitValues } from './rate-limit/limits';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const int = z.coerce.number().int().nonnegative();

/** RATE_LIMIT_{NAME}, RATE_LIMIT_{NAME}_WINDOW_SECONDS and MAX_{NAME} of every entry of rate-limit/limits.ts. */
function actionLimitEnv() {
  const shape: Record<string, z.ZodOptional<typeof int>> = {};
  for (const name of ACTION_NAMES) {
    const env = limitEnvNames(name);
    shape[env.limit] = int.optional();
    if (env.window) shape[env.window] = int.min(1).optional();
  }
  return shape;
}

function actionLimitValues(e: Record<string, unknown>): ActionLimitValues {
  const values = defaultLimitValues();
  for (const name of ACTION_NAMES) {
    const env = limitEnvNames(name);
    const limit = e[env.limit];
    const window = env.window ? e[env.window] : undefined;
    if (typeof limit === 'number') values[name].limit = limit;
    if (typeof window === 'number') values[name].windowSeconds = window;
  }
  return values;
}

const EnvSchema = z.object({
  PORT: int.default(3000),
  HOST: z.string().default('localhost'),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).optional(),
  MEDIA_MEMORY_CACHE_MB: int.default(64),
  RELATED_GRAPH_MAX_MB: z.coerce.number().nonnegative().default(600),
  VIDEO_TRANSCODE_CONCURRENCY: int.max(16).default(1),
  VIDEO_TRANSCODE_TIMEOUT_MS: int.min(1000).default(15 * 60 * 1000),
  IMPORT_IMAGE_BASE_URL: z
    .string()
    .regex(/^https?:\/\/[^/?#]+(\/[^?#]*)?$/, 'an http(s) address')
    .default('https://i.pinimg.com'),
  IMPORT_FETCH_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
  IMPORT_FETCH_TIMEOUT_MS: int.min(100).default(15000),
  HOUSEKEEPING_INTERVAL_SECONDS: int
    .min(1)
    .max(12 * 3600)
    .default(3600),
  /** How often the weekly notification digest looks for people owed one (decision 086); each person gets one a week at most. */
  NOTIFICATION_DIGEST_INTERVAL_SECONDS: int
    .min(1)
    .max(24 * 3600)
    .default(3600),
  DATABASE_PREPARED_STATEMENTS: bool.default(true),
  DATABASE_ACQUIRE_TIMEOUT_MS: int.default(5000),
  DATABASE_STATEMENT_TIMEOUT_MS: int.default(15000),
  DATABASE_MAX_WAITING: int.default(500),
  HEALTH_CHECK_REUSE_MS: int.default(1000),
  SITEMAP_URLS_PER_FILE: int.default(50000),
  STAFF_USERNAMES: z.string().default(''),
  HEALTH_CHECK_TIMEOUT_MS: int.min(1).default(2000),
  EMBEDDED_DATABASE_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  REDIS_URL: z.string().optional(),
  DATABASE_LISTEN_URL: z.string().optional(),
  DATABASE_READ_URL: z.string().optional(),
  READ_REPLICA_STICKY_MS: int.max(600_000).default(5000),
  SHUTDOWN_DRAIN_MS: int.max(600_000).default(5000),
  WORKER_ID: z.coerce.number().int().min(0).max(1023).optional(),
  PUBLIC_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: bool.optional(),
  SESSION_TTL_DAYS: int.default(30),
  LOGIN_RATE_LIMIT_ACCOUNT: int.default(30),
  LOGIN_RATE_LIMIT_ACCOUNT_WINDOW_SECONDS: int.min(1).default(3600),
  LOGIN_RATE_LIMIT_CLIENT: int.default(10),
  LOGIN_RATE_LIMIT_WINDOW_SECONDS: int.min(1).default(900),
  SIGNUP_RATE_LIMIT_CLIENT: int.default(30),
  SIGNUP_EMAIL_CONFLICT_RATE_LIMIT_CLIENT: int.default(5),
  ARGON2_MEMORY_KIB: int.default(19456),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: z.string().default('false'),
  HSTS_MAX_AGE_SECONDS: int.default(31536000),
  FETCH_ALLOW_PRIVATE_ADDRESSES: bool.default(false),
  EXPERIMENT_GROUPS: z.string().default(''),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().optional(),
  GEO_COUNTRY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]{0,64}$/)
    .default(''),
  TRACKING_ID_SECRET: z.string().optional(),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'a P-256 public key: 65 bytes, uncompressed, in base64url')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'a P-256 private key: 32 bytes in base64url')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(?:mailto:[^@\s]+@\S+|https:\/\/\S+)$/, 'a mailto: address or an https: URL')
    .optional(),
  IMPRINT_URL: z
    .string()
    .regex(/^(?:https?:\/\/[^\s<>"]+|\/[^\s<>"]*)$/)
    .optional(),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z
    .string()
    .regex(/^(?:https?:\/\/[^\s<>"?#]+)?$/)
    .optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  MEDIA_PUBLIC_URL: z
    .string()
    .regex(/^(?:https?:\/\/[^\s<>"?#]+)?$/)
    .optional(),
});
const LimitEnvSchema = z.object(actionLimitEnv());

/** The name of every environment variable loadConfig reads (the container files may set these and no others). */
export const CONFIG_ENV_NAMES: readonly string[] = [...Object.keys(EnvSchema.shape), ...Object.keys(LimitEnvSchema.shape)];

export type TrustProxy = false | number | string[];

export type Config = {
  port: number;
  host: string;
  /** Prometheus metrics at /metrics on this port, on HOST (decision 104); null (METRICS_PORT=0): no metrics, nothing counted. */
  metricsPort: number | null;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * Connections in the pool of each server process; unset, the embedded PostgreSQL gets one more than the
   * machine's cores and an external server 10 (db/open.ts poolSizeFor).
   */
  databasePoolSize: number | undefined;
  /** How long a query waits for a free connection before 503, ms. */
  databaseAcquireTimeoutMs: number;
  /** How long one statement may run before it is cancelled with 503, ms. */
  databaseStatementTimeoutMs: number;
  /** Queries waiting for a connection past which more get 503 at once. */
  databaseMaxWaiting: number;
  /** /healthz: how long one database check's answer is shared by later probes, ms (0: not reused). */
  healthCheckReuseMs: number;
  /** Addresses per sub-sitemap (the sitemap protocol allows 50,000). */
  sitemapUrlsPerFile: number;
  /** Accounts that are staff besides those marked by `npm run make-staff` (lower case). */
  staffUsernames: ReadonlySet<string>;
  /** /healthz: how long the database check may take before the probe answers 503, ms. */
  healthCheckTimeoutMs: number;
  /** Named statements on DATABASE_URL (off behind poolers that cannot keep them). */
  databasePreparedStatements: boolean;
  /** Recently served images kept in memory, MB (0: none). */
  mediaMemoryCacheMb: number;
  /** The most the related-Pins graph may take (MB; decision 091); 0: no graph, related Pins from the topic ranker. */
  relatedGraphMaxMb: number;
  /** Video transcodes this server runs at once (0: none here; another server's queue workers do them). */
  videoTranscodeConcurrency: number;
  /** A transcode running longer is stopped and its Pin marked failed, ms. */
  videoTranscodeTimeoutMs: number;
  /** Where an imported export's Pin images are fetched from by their signature (decision 094). */
  importImageBaseUrl: string;
  /** Image requests an import makes at once on this server (all imports running here share them). */
  importFetchConcurrency: number;
  /** One imported image's request may take this long before it is tried again, ms. */
  importFetchTimeoutMs: number;
  /** Seconds between two runs of the housekeeping job, one run per period across all servers (decision 053). */
  housekeepingIntervalSeconds: number;
  /** Seconds between runs of the notification digest job (decision 086). */
  notificationDigestIntervalSeconds: number;
  /** The embedded PostgreSQL listens on this 127.0.0.1 port too; by default only on its own Unix socket. */
  embeddedDatabasePort: number | undefined;
  redisUrl: string | undefined;
  publicUrl: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /** Seed demo content into an empty database: SEED_DEMO, else only on the embedded database (no DATABASE_URL). */
  seedDemo: boolean;
  sessionTtlDays: number;
  /**
   * Log-in attempts: each client (address) may fail `perClient` times per fixed window of `windowSeconds`;
   * each account (whichever of its names is typed) has a larger budget of `perAccount` that comes back
   * gradually over `accountWindowSeconds`.
   */
  loginRateLimit: { perAccount: number; accountWindowSeconds: number; perClient: number; windowSeconds: number };
  /** Sign-ups per client and hour; of them, answers that an email has an account (409) per client and hour. */
  signupRateLimit: { perClient: number; emailConflictsPerClient: number };
  /** The limits of rate-limit/limits.ts in force (decision 025): per action, its count (or maximum at once) and window. */
  actionLimits: ActionLimitValues;
  argon2MemoryKib: number;
  webDistDir: string;
  /**
   * Which X-Forwarded-* hops to believe: false (none, the default), a number of proxies in front of
   * the server, or the proxies' addresses and CIDR ranges (and proxy-addr's names loopback,
   * linklocal, uniquelocal). Never "all": then any client could name its own address.
   */
  trustProxy: TrustProxy;
  /** Strict-Transport-Security max-age sent on HTTPS answers (0: none). */
  hstsMaxAgeSeconds: number;
  /** Tests only: lets server-side fetching reach loopback and private addresses (their own fixture pages). */
  fetchAllowPrivateAddresses: boolean;
  /** Experiment groups by experiment name, e.g. pin_creation: disable_web_pins. */
  experiments: Record<string, string>;
  /** smtp(s)://user:pass@host:port; without it mail goes to DATA_DIR/outbox/. */
  smtpUrl: string | undefined;
  /** The sender of every mail, e.g. "Pinboard <no-reply@pins.example>". */
  mailFrom: string;
  /** A request header a proxy in front sets to the visitor's country (e.g. cf-ipcountry); null: none (decision 041). */
  geoCountryHeader: string | null;
  /**
   * The key of the encrypted social tracking ids. Without TRACKING_ID_SECRET it is '' here, and the app
   * takes the one kept in the database (made once, shared by every server: decision 054).
   */
  trackingIdSecret: string;
  /**
   * The VAPID key pair of Web Push (RFC 8292, base64url), from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY; null: the
   * app takes the pair kept in the database (made once, shared by every server: decision 088).
   */
  vapidKeys: { publicKey: string; privateKey: string } | null;
  /** Who sends the pushes, told to push services in the VAPID token (`sub`): a mailto: address or an https: URL. */
  vapidSubject: string;
  /** A direct connection (not through a pooler) for LISTEN; without it, LISTEN uses DATABASE_URL. */
  databaseListenUrl: string | undefined;
  /** A read replica (streaming standby) of DATABASE_URL's PostgreSQL for reads that may lag (decision 068); unset: every read goes to the primary. */
  databaseReadUrl: string | undefined;
  /** After a change, how long the person's reads stay on the primary, so they read their own writes (ms). */
  readReplicaStickyMs: number;
  /** After SIGTERM: how long /readyz answers 503 while the server still serves, before it stops taking connections, ms. */
  shutdownDrainMs: number;
  /** The id generator's worker id (0-1023) asked for; by default one is leased from the database (decision 054). */
  workerId: number | undefined;
  /** The imprint link of viewers in DE, AT and CH (docs/product/logged-out-and-business.md §2). */
  imprintUrl: string;
  /** Media in an S3-compatible bucket when S3_BUCKET is set (decision 052); else on disk in DATA_DIR/media. */
  s3: S3Settings | null;
  /**
   * Where public images are fetched from, e.g. a CDN in front of this server's /media/ (no trailing slash);
   * null: this server. With it, public images are cached by shared caches for a short time only (decision 052).
   */
  mediaPublicUrl: string | null;
};

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  const limits = LimitEnvSchema.safeParse(env);
  if (!parsed.success || !limits.success) {
    const issues = [...(parsed.error?.issues ?? []), ...(limits.error?.issues ?? [])].map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${issues}`);
  }
  const e = parsed.data;
  if (!e.VAPID_PUBLIC_KEY !== !e.VAPID_PRIVATE_KEY) {
    throw new Error(
      'Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both, or neither (then one pair is made and kept in the database).',
    );
  }
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    throw new Error(
      'Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither (then the AWS SDK looks for keys itself).',
    );
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    metricsPort: e.METRICS_PORT || null,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    embeddedDatabasePort: e.EMBEDDED_DATABASE_PORT,
    mediaMemoryCacheMb: e.MEDIA_MEMORY_CACHE_MB,
    relatedGraphMaxMb: e.RELATED_GRAPH_MAX_MB,
    videoTranscodeConcurrency: e.VIDEO_TRANSCODE_CONCURRENCY,
    videoTranscodeTimeoutMs: e.VIDEO_TRANSCODE_TIMEOUT_MS,
    importImageBaseUrl: e.IMPORT_IMAGE_BASE_URL.endsWith('/') ? e.IMPORT_IMAGE_BASE_URL.slice(0, -1) : e.IMPORT_IMAGE_BASE_URL,
    importFetchConcurrency: e.IMPORT_FETCH_CONCURRENCY,
    importFetchTimeoutMs: e.IMPORT_FETCH_TIMEOUT_MS,
    housekeepingIntervalSeconds: e.HOUSEKEEPING_INTERVAL_SECONDS,
    notificationDigestIntervalSeconds: e.NOTIFICATION_DIGEST_INTERVAL_SECONDS,
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS,
    databaseAcquireTimeoutMs: e.DATABASE_ACQUIRE_TIMEOUT_MS,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    databaseMaxWaiting: e.DATABASE_MAX_WAITING,
    healthCheckReuseMs: e.HEALTH_CHECK_REUSE_MS,
    sitemapUrlsPerFile: Math.min(50000, Math.max(1, e.SITEMAP_URLS_PER_FILE)),
    staffUsernames: new Set(
      e.STAFF_USERNAMES.split(',')
        .map((u) => u.trim().toLowerCase())
        .filter((u) => u !== ''),
    ),
    healthCheckTimeoutMs: e.HEALTH_CHECK_TIMEOUT_MS,
    redisUrl: e.REDIS_URL || undefined,
    publicUrl,
    logLevel: e.LOG_LEVEL,
    // Demo content (with its published password) only on the embedded database, or when asked for by name.
    seedDemo: e.SEED_DEMO ?? !(e.DATABASE_URL || undefined),
    sessionTtlDays: e.SESSION_TTL_DAYS,
    loginRateLimit: {
      perAccount: e.LOGIN_RATE_LIMIT_ACCOUNT,
      accountWindowSeconds: e.LOGIN_RATE_LIMIT_ACCOUNT_WINDOW_SECONDS,
      perClient: e.LOGIN_RATE_LIMIT_CLIENT,
      windowSeconds: e.LOGIN_RATE_LIMIT_WINDOW_SECONDS,
    },
    signupRateLimit: { perClient: e.SIGNUP_RATE_LIMIT_CLIENT, emailConflictsPerClient: e.SIGNUP_EMAIL_CONFLICT_RATE_LIMIT_CLIENT },
    actionLimits: actionLimitValues(limits.data),
    argon2MemoryKib: Math.max(19456, e.ARGON2_MEMORY_KIB),
    webDistDir: resolve(e.WEB_DIST_DIR ?? new URL('../../web/dist', import.meta.url).pathname),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    hstsMaxAgeSeconds: e.HSTS_MAX_AGE_SECONDS,
    fetchAllowPrivateAddresses: e.FETCH_ALLOW_PRIVATE_ADDRESSES,
    experiments: parseExperiments(e.EXPERIMENT_GROUPS),
    /** People who count as staff besides those marked with `npm run make-staff` (lower case): for a first install and the browser tests. */
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM || defaultMailFrom(publicUrl),
    geoCountryHeader: e.GEO_COUNTRY_HEADER ? e.GEO_COUNTRY_HEADER.toLowerCase() : null,
    trackingIdSecret: e.TRACKING_ID_SECRET || '',
    vapidKeys: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : null,
    vapidSubject: e.VAPID_SUBJECT || defaultVapidSubject(publicUrl, e.MAIL_FROM || defaultMailFrom(publicUrl)),
    databaseListenUrl: e.DATABASE_LISTEN_URL || undefined,
    databaseReadUrl: e.DATABASE_READ_URL || undefined,
    readReplicaStickyMs: e.READ_REPLICA_STICKY_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    workerId: e.WORKER_ID,
    imprintUrl: e.IMPRINT_URL || '/about/imprint/',
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT || undefined,
          region: e.S3_REGION || 'us-east-1',
          accessKeyId: e.S3_ACCESS_KEY_ID || undefined,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY || undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : null,
    mediaPublicUrl: e.MEDIA_PUBLIC_URL ? trimSlashes(e.MEDIA_PUBLIC_URL) : null,
  };
}

/** The site's address when it is https, else the mail sender's address as mailto: (push services take only these two). */
function defaultVapidSubject(publicUrl: string, mailFrom: string): string {
  if (publicUrl.startsWith('https://')) return publicUrl;
  const address = /<([^<>\s@]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? (/^[^@\s]+@\S+$/.test(mailFrom) ? mailFrom : 'no-reply@localhost');
  return `mailto:${address}`;
}

/** "https://cdn.example/" → "https://cdn.example" */
function trimSlashes(url: string): string {
  let end = url.length;
  while (end > 0 && url[end - 1] === '/') end--;
  return url.slice(0, end);
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** "false" | "0" → false; "2" → 2 hops; "10.0.0.0/8, 127.0.0.1" → a list; "true" is refused. */
function parseTrustProxy(value: string): TrustProxy {
  const v = value.trim().toLowerCase();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') {
    throw new Error(
      'Invalid configuration: TRUST_PROXY=true would believe every X-Forwarded-For hop, so any client could pick its own address ' +
        'and escape the per-client limits. Set TRUST_PROXY to the number of proxies in front of the server (usually 1), ' +
        'or to their addresses or CIDR ranges, e.g. TRUST_PROXY=127.0.0.1,10.0.0.0/8.',
    );
  }
  if (/^\d+$/.test(v)) return Number(v);
  const entries = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (entries.length === 0 || bad.length > 0) {
    throw new Error(`Invalid configuration: TRUST_PROXY: "${bad.join(', ') || value}" is not a number of proxies, an IP address or a CIDR range`);
  }
  return entries;
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
  for (const pair of value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [name, group] = pair.split(':').map((p) => p.trim());
    if (!name || !group) throw new Error(`Invalid configuration: EXPERIMENT_GROUPS: "${pair}" is not name:group`);
    out[name] = group;
  }
  return out;
}
