import { countRefusal } from '../metrics';
import { MemoryRateLimiter, type Consumed, type RateLimiter } from './rate-limiter';
import { RedisRateLimiter, type RedisRateLimiterOptions } from './redis-rate-limiter';

export type { RateLimiter };
export { MemoryRateLimiter, RedisRateLimiter };

export function createRateLimiter(redisUrl: string | undefined, opts: RedisRateLimiterOptions = {}): RateLimiter {
  return redisUrl ? new RedisRateLimiter(redisUrl, opts) : new MemoryRateLimiter();
}

/**
 * The limiter with its refusals counted for the metrics, by the kind of key (`login:ip`, `signup:conflict`,
 * `mfa:acct`: the key's words before the client or account, never the client or account). The actions' own
 * limits (keys `act:…`) are counted by name where they refuse (limits.ts).
 */
export function countingRefusals(limiter: RateLimiter): RateLimiter {
  const counted = (key: string) => (result: Consumed) => {
    if (!result.allowed && !key.startsWith('act:')) countRefusal(KEY_KIND.exec(key)?.[1] ?? 'other');
    return result;
  };
  return {
    peek: (key) => limiter.peek(key),
    hit: (key, windowSeconds) => limiter.hit(key, windowSeconds),
    consume: (key, limit, windowSeconds) => limiter.consume(key, limit, windowSeconds).then(counted(key)),
    consumeMany: (key, count, limit, windowSeconds) => limiter.consumeMany(key, count, limit, windowSeconds).then(counted(key)),
    consumeDecaying: (key, limit, windowSeconds) => limiter.consumeDecaying(key, limit, windowSeconds).then(counted(key)),
    release: (key) => limiter.release(key),
    reset: (key) => limiter.reset(key),
    close: () => limiter.close(),
  };
}

/** A key's leading words in lower case and dashes (`login:ip:203.0.113.7` → `login:ip`). */
const KEY_KIND = /^([a-z-]+(?::[a-z-]+)?):/;
