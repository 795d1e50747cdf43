import { afterAll, describe, expect, it } from 'vitest';
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from './index';

const redisUrl = process.env.TEST_REDIS_URL;
const adapters: [string, () => RateLimiter][] = [['memory', () => new MemoryRateLimiter()]];
if (redisUrl) adapters.push(['redis', () => new RedisRateLimiter(redisUrl, { prefix: `test:${process.pid}:${Date.now()}:` })]);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

  it('consumes atomically: of many attempts at once, exactly the limit are allowed', async () => {
    const results = await Promise.all(Array.from({ length: 25 }, () => limiter.consume('burst', 5, 60)));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    const refused = results.filter((r) => !r.allowed);
    expect(refused).toHaveLength(20);
    for (const r of refused) {
      expect(r.retryAfterSeconds).toBeGreaterThan(0);
      expect(r.retryAfterSeconds).toBeLessThanOrEqual(60);
    }
  });

  it('consumes several at once, all or nothing, atomically', async () => {
    expect((await limiter.consumeMany('many', 3, 5, 60)).allowed).toBe(true);
    const over = await limiter.consumeMany('many', 3, 5, 60);
    expect(over.allowed).toBe(false);
    expect(over.retryAfterSeconds).toBeGreaterThan(0);
    expect(over.retryAfterSeconds).toBeLessThanOrEqual(60);
    // The refused three were not counted: two still fit, then nothing.
    expect((await limiter.consumeMany('many', 2, 5, 60)).allowed).toBe(true);
    expect((await limiter.consumeMany('many', 1, 5, 60)).allowed).toBe(false);
    expect((await limiter.peek('many')).count).toBe(5);
    const together = await Promise.all(Array.from({ length: 10 }, () => limiter.consumeMany('many-burst', 2, 7, 60)));
    expect(together.filter((r) => r.allowed)).toHaveLength(3);
    expect((await limiter.peek('many-burst')).count).toBe(6);
  });

  it('gives back a consumed attempt, never below zero', async () => {
    for (let i = 0; i < 2; i++) expect((await limiter.consume('give', 2, 60)).allowed).toBe(true);
    expect((await limiter.consume('give', 2, 60)).allowed).toBe(false);
    await limiter.release('give');
    await limiter.release('give');
    expect((await limiter.consume('give', 2, 60)).allowed).toBe(true);
    await limiter.release('nothing-here');
    await limiter.release('nothing-here');
    expect((await limiter.peek('nothing-here')).count).toBe(0);
    for (let i = 0; i < 2; i++) expect((await limiter.consume('nothing-here', 2, 60)).allowed).toBe(true);
    expect((await limiter.consume('nothing-here', 2, 60)).allowed).toBe(false);
  });

  it('a decaying budget allows a burst up to the limit, then one attempt per window/limit', async () => {
    // 4 attempts per 2 s: after the burst, one comes back every 0.5 s.
    const burst = await Promise.all(Array.from({ length: 10 }, () => limiter.consumeDecaying('decay', 4, 2)));
    expect(burst.filter((r) => r.allowed)).toHaveLength(4);
    const refused = burst.find((r) => !r.allowed)!;
    expect(refused.retryAfterSeconds).toBe(1);
    await sleep(600);
    expect((await limiter.consumeDecaying('decay', 4, 2)).allowed).toBe(true);
    expect((await limiter.consumeDecaying('decay', 4, 2)).allowed).toBe(false);
    // Refused attempts do not push the budget further away: after the window the whole burst is back.
    await sleep(2100);
    const again = await Promise.all(Array.from({ length: 6 }, () => limiter.consumeDecaying('decay', 4, 2)));
    expect(again.filter((r) => r.allowed)).toHaveLength(4);
    await limiter.reset('decay');
    expect((await limiter.consumeDecaying('decay', 4, 2)).allowed).toBe(true);
  });
});
