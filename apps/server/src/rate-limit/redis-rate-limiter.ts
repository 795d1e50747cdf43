import { Redis } from 'ioredis';
import type { RateLimiter } from './rate-limiter';

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

  async reset(key: string) {
    await this.redis.del(this.prefix + key);
  }

  async close() {
    await this.redis.quit();
  }
}
