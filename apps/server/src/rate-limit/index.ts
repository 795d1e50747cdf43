import { MemoryRateLimiter, type RateLimiter } from './rate-limiter';
import { RedisRateLimiter, type RedisRateLimiterOptions } from './redis-rate-limiter';

export type { RateLimiter };
export { MemoryRateLimiter, RedisRateLimiter };

export function createRateLimiter(redisUrl: string | undefined, opts: RedisRateLimiterOptions = {}): RateLimiter {
  return redisUrl ? new RedisRateLimiter(redisUrl, opts) : new MemoryRateLimiter();
}
