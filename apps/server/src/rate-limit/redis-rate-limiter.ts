/**
 * Rate-limit counters in Redis, shared by every app server, with an
 * in-process limiter as insurance: while Redis cannot answer (down,
 * unreachable, or silent past COMMAND_TIMEOUT_MS), each call is counted and
 * decided in this process instead, so a limit never becomes a 500 and log-in
 * and sign-up keep working; the limits then hold per server. Redis is asked
 * again as soon as its connection is back (ioredis reconnects by itself), and
 * the counts return to the shared ones (decision 054).
 */
import { Redis } from 'ioredis';
import { decayIntervalMs, MemoryRateLimiter, type Consumed, type RateLimiter } from './rate-limiter';

/** INCR and the window's expiry in one step; answers the count and the milliseconds left. */
const CONSUME = `
local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {n, ttl}`;

/**
 * All or nothing: adds ARGV[2] to the window's count when the sum stays within ARGV[3].
 * ARGV[1]: the window (ms). Answers {allowed, ms left in the window}.
 */
const CONSUME_MANY = `
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
local ttl = redis.call('PTTL', KEYS[1])
if n + tonumber(ARGV[2]) > tonumber(ARGV[3]) then
  if ttl < 0 then ttl = tonumber(ARGV[1]) end
  return {0, ttl}
end
redis.call('INCRBY', KEYS[1], ARGV[2])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {1, 0}`;

/** DECR only a live counter above zero, so the window's expiry is kept and no key is made. */
const RELEASE = `
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

/**
 * The generic cell rate algorithm on Redis's own clock (one clock for every app server):
 * the key holds the theoretical arrival time of the next attempt in ms.
 * ARGV: interval between attempts (ms), window (ms). Answers {allowed, ms to wait}.
 */
const CONSUME_DECAYING = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local interval = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
if tat < now then tat = now end
local nextTat = tat + interval
if nextTat - now > window then return {0, nextTat - window - now} end
redis.call('SET', KEYS[1], string.format('%d', nextTat), 'PX', nextTat - now)
return {1, 0}`;

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** How long a command may go unanswered before this call is decided in process. */
const COMMAND_TIMEOUT_MS = 1000;
/** After a failure, how long calls are decided in process before one asks Redis again (unless it reconnects sooner). */
const RETRY_AFTER_FAILURE_MS = 2000;
/** How long closing waits for QUIT before dropping the connection. */
const CLOSE_WAIT_MS = 1000;

export interface RedisRateLimiterOptions {
  prefix?: string;
  /** Told once when the limiter falls back to counting in process (down: true, with the error) and once when Redis is back. */
  onFallback?: (down: boolean, err?: unknown) => void;
}

export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;
  private readonly prefix: string;
  /** The insurance: counts while Redis cannot answer. */
  readonly fallback = new MemoryRateLimiter();
  private down = false;
  /** performance.now() before which, after a failure, calls are decided in process without asking Redis. */
  private retryAt = 0;
  private readonly onFallback: (down: boolean, err?: unknown) => void;

  constructor(url: string, opts: RedisRateLimiterOptions = {}) {
    this.prefix = opts.prefix ?? 'rl:';
    this.onFallback = opts.onFallback ?? (() => {});
    // No offline queue: while the connection is down a command fails at once and the call is decided in
    // process, instead of waiting for a reconnection. Connection errors are reported through onFallback.
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: COMMAND_TIMEOUT_MS });
    this.redis.on('error', () => {});
    this.redis.on('ready', () => {
      if (this.down) this.cameBack();
    });
  }

  /** Whether calls are decided in process at the moment. */
  get inProcess() {
    return this.down || this.redis.status !== 'ready';
  }

  /** A first connection under way (not one after a failure): waited for, briefly, so the first calls count in Redis. */
  private connecting(): Promise<void> {
    if (this.down || !['wait', 'connecting', 'connect'].includes(this.redis.status)) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.redis.off('ready', done).off('error', done).off('end', done);
        resolve();
      };
      const timer = setTimeout(done, COMMAND_TIMEOUT_MS);
      this.redis.once('ready', done).once('error', done).once('end', done);
    });
  }

  private async guarded<T>(inRedis: () => Promise<T>, inProcess: () => Promise<T>): Promise<T> {
    await this.connecting();
    // After a failure on a connection that still looks open (a Redis that hangs), only one call per
    // RETRY_AFTER_FAILURE_MS pays the command time limit to find out whether it answers again.
    const resting = this.down && performance.now() < this.retryAt;
    if (this.redis.status === 'ready' && !resting) {
      try {
        const answer = await inRedis();
        if (this.down) this.cameBack();
        return answer;
      } catch (err) {
        this.fellBack(err);
      }
    } else if (this.redis.status !== 'ready') {
      this.fellBack(new Error(`Redis connection ${this.redis.status}`));
    }
    return inProcess();
  }

  private fellBack(err: unknown) {
    this.retryAt = performance.now() + RETRY_AFTER_FAILURE_MS;
    if (this.down) return;
    this.down = true;
    this.onFallback(true, err);
  }

  private cameBack() {
    this.down = false;
    this.onFallback(false);
  }

  peek(key: string) {
    const k = this.prefix + key;
    return this.guarded(
      async () => {
        const [count, ttl] = await this.redis
          .multi()
          .get(k)
          .ttl(k)
          .exec()
          .then((r) => [r?.[0]?.[1], r?.[1]?.[1]]);
        return { count: Number(count ?? 0), resetSeconds: Math.max(0, Number(ttl ?? 0)) };
      },
      () => this.fallback.peek(key),
    );
  }

  hit(key: string, windowSeconds: number) {
    const k = this.prefix + key;
    return this.guarded(
      async () => {
        const res = await this.redis.multi().incr(k).expire(k, windowSeconds, 'NX').exec();
        return Number(res?.[0]?.[1] ?? 0);
      },
      () => this.fallback.hit(key, windowSeconds),
    );
  }

  consume(key: string, limit: number, windowSeconds: number): Promise<Consumed> {
    return this.guarded(
      async () => {
        const [count, ttlMs] = (await this.redis.eval(CONSUME, 1, this.prefix + key, String(windowSeconds * 1000))) as [number, number];
        return count <= limit ? { allowed: true, retryAfterSeconds: 0 } : { allowed: false, retryAfterSeconds: seconds(ttlMs) };
      },
      () => this.fallback.consume(key, limit, windowSeconds),
    );
  }

  consumeMany(key: string, count: number, limit: number, windowSeconds: number): Promise<Consumed> {
    return this.guarded(
      async () => {
        const [allowed, ttlMs] = (await this.redis.eval(CONSUME_MANY, 1, this.prefix + key, String(windowSeconds * 1000), String(count), String(limit))) as [
          number,
          number,
        ];
        return allowed === 1 ? { allowed: true, retryAfterSeconds: 0 } : { allowed: false, retryAfterSeconds: seconds(ttlMs) };
      },
      () => this.fallback.consumeMany(key, count, limit, windowSeconds),
    );
  }

  release(key: string) {
    return this.guarded(
      async () => void (await this.redis.eval(RELEASE, 1, this.prefix + key)),
      () => this.fallback.release(key),
    );
  }

  consumeDecaying(key: string, limit: number, windowSeconds: number): Promise<Consumed> {
    const interval = decayIntervalMs(limit, windowSeconds);
    return this.guarded(
      async () => {
        const [allowed, waitMs] = (await this.redis.eval(CONSUME_DECAYING, 1, this.prefix + key, String(interval), String(windowSeconds * 1000))) as [
          number,
          number,
        ];
        return allowed === 1 ? { allowed: true, retryAfterSeconds: 0 } : { allowed: false, retryAfterSeconds: seconds(waitMs) };
      },
      () => this.fallback.consumeDecaying(key, limit, windowSeconds),
    );
  }

  async reset(key: string) {
    // Forgotten in both places, so an in-process count from an outage does not outlive a reset.
    await this.fallback.reset(key);
    await this.guarded(
      async () => void (await this.redis.del(this.prefix + key)),
      async () => {},
    );
  }

  async close() {
    await this.fallback.close();
    // QUIT waits for a connection that is still (re)connecting; after a moment it is dropped instead.
    const timer = new Promise<void>((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref());
    await Promise.race([this.redis.quit().catch(() => {}), timer]);
    this.redis.disconnect();
  }
}
