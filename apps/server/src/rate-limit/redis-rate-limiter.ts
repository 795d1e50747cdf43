import { Redis } from 'ioredis';
import { decayIntervalMs, type Consumed, type RateLimiter } from './rate-limiter';

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

export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;

  constructor(url: string, private readonly prefix = 'rl:') {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  }

  async peek(key: string) {
    const k = this.prefix + key;
    const [count, ttl] = await this.redis.multi().get(k).ttl(k).exec().then((r) => [r?.[0]?.[1], r?.[1]?.[1]]);
    return { count: Number(count ?? 0), resetSeconds: Math.max(0, Number(ttl ?? 0)) };
  }

  async hit(key: string, windowSeconds: number) {
    const k = this.prefix + key;
    const res = await this.redis.multi().incr(k).expire(k, windowSeconds, 'NX').exec();
    return Number(res?.[0]?.[1] ?? 0);
  }

  async consume(key: string, limit: number, windowSeconds: number): Promise<Consumed> {
    const [count, ttlMs] = (await this.redis.eval(CONSUME, 1, this.prefix + key, String(windowSeconds * 1000))) as [number, number];
    return count <= limit ? { allowed: true, retryAfterSeconds: 0 } : { allowed: false, retryAfterSeconds: seconds(ttlMs) };
  }

  async consumeMany(key: string, count: number, limit: number, windowSeconds: number): Promise<Consumed> {
    const [allowed, ttlMs] = (await this.redis.eval(CONSUME_MANY, 1, this.prefix + key, String(windowSeconds * 1000), String(count), String(limit))) as [
      number,
      number,
    ];
    return allowed === 1 ? { allowed: true, retryAfterSeconds: 0 } : { allowed: false, retryAfterSeconds: seconds(ttlMs) };
  }

  async release(key: string) {
    await this.redis.eval(RELEASE, 1, this.prefix + key);
  }

  async consumeDecaying(key: string, limit: number, windowSeconds: number): Promise<Consumed> {
    const interval = decayIntervalMs(limit, windowSeconds);
    const [allowed, waitMs] = (await this.redis.eval(CONSUME_DECAYING, 1, this.prefix + key, String(interval), String(windowSeconds * 1000))) as [
      number,
      number,
    ];
    return allowed === 1 ? { allowed: true, retryAfterSeconds: 0 } : { allowed: false, retryAfterSeconds: seconds(waitMs) };
  }

  async reset(key: string) {
    await this.redis.del(this.prefix + key);
  }

  async close() {
    await this.redis.quit();
  }
}
