import { afterAll, describe, expect, it } from 'vitest';
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from './index';

const redisUrl = process.env.TEST_REDIS_URL;
const adapters: [string, () => RateLimiter][] = [['memory', () => new MemoryRateLimiter()]];
if (redisUrl) adapters.push(['redis', () => new RedisRateLimiter(redisUrl, `test:${process.pid}:${Date.now()}:`)]);

describe.each(adapters)('%s rate limiter', (_name, make) => {
  const limiter = make();
  afterAll(() => limiter.close());

  it('counts hits in a window and resets', async () => {
    expect(await limiter.peek('a')).toEqual({ count: 0, resetSeconds: 0 });
    expect(await limiter.hit('a', 60)).toBe(1);
    expect(await limiter.hit('a', 60)).toBe(2);
    const peek = await limiter.peek('a');
    expect(peek.count).toBe(2);
    expect(peek.resetSeconds).toBeGreaterThan(0);
    expect(peek.resetSeconds).toBeLessThanOrEqual(60);
    await limiter.reset('a');
    expect((await limiter.peek('a')).count).toBe(0);
  });

  it('keeps keys apart', async () => {
    await limiter.hit('x', 60);
    expect((await limiter.peek('y')).count).toBe(0);
  });
});
