import { MemoryRateLimiter, type RateLimiter } from './rate-limiter';
import { RedisRateLimiter } from './redis-rate-limiter';

export type { RateLimiter };
export { MemoryRateLimiter, RedisRateLimiter };

export function createRateLimiter(redisUrl: string | undefined): RateLimiter {
  return redisUrl ? new RedisRateLimiter(redisUrl) : new MemoryRateLimiter();
}
