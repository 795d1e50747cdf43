/**
 * Redis stopped under a running app (a redis-server of this test's own):
 * log-in and sign-up keep answering 200/401, never 500; the limits still
 * hold, counted in process; live messages reach the streams of the same
 * server; and once Redis is back the counts and messages go through it again.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRedisMessageBus } from '../../src/modules/messages/messages.redis-bus';
import type { PresentedMessage } from '../../src/modules/messages/messages.present';
import { RedisRateLimiter } from '../../src/rate-limit';
import { buildTestApp, type TestApp } from '../test-app';
import { hasRedisServer, ownRedis, type OwnRedis } from './own-redis';

const available = hasRedisServer();
if (!available) console.warn('redis-server is not installed: the Redis outage tests are skipped.');

const PER_CLIENT = 4;
let redis: OwnRedis;
let t: TestApp;
let limiter: RedisRateLimiter;
let bus: ReturnType<typeof createRedisMessageBus>;
const fallbacks: boolean[] = [];

beforeAll(async () => {
  if (!available) return;
  redis = await ownRedis();
  await redis.start();
  limiter = new RedisRateLimiter(redis.url, { onFallback: (down) => fallbacks.push(down) });
  bus = createRedisMessageBus(redis.url, { prefix: 'outage:' });
  t = await buildTestApp({ LOGIN_RATE_LIMIT_CLIENT: String(PER_CLIENT), SIGNUP_RATE_LIMIT_CLIENT: '1000' }, { limiter, bus });
});
afterAll(async () => {
  if (!available) return;
  await t.close();
  await redis.kill();
});

const logIn = (ip: string, username: string, password: string) =>
  t.client({ ip }).resource('UserSessionResource', 'create', { username_or_email: username, password });

const message = (id: string) => ({ id, conversation_id: '1', text: 'hello' }) as unknown as PresentedMessage;

describe.runIf(available)('with Redis killed', () => {
  it('answers log-in and sign-up, holds the limits in process, delivers live messages on this server, and recovers', async () => {
    const probe = new Redis(redis.url, { maxRetriesPerRequest: 0, enableOfflineQueue: false });
    probe.on('error', () => {});
    const ann = await t.person('Ann', 'outage');
    // Up: the counts are in Redis.
    expect((await logIn('10.0.0.1', ann.username, 'correct horse battery')).httpStatus).toBe(200);
    expect((await logIn('10.0.0.1', ann.username, 'wrong password')).httpStatus).toBe(401);
    expect(await probe.exists('rl:login:ip:10.0.0.1')).toBe(1);
    probe.disconnect();

    await redis.kill();

    // Sign-up and log-in answer as always.
    const bob = await t.person('Bob', 'outage');
    expect((await logIn('10.0.0.2', bob.username, 'correct horse battery')).httpStatus).toBe(200);
    const tries = [];
    for (let i = 0; i < PER_CLIENT + 2; i++) tries.push((await logIn('10.0.0.2', bob.username, 'wrong password')).httpStatus);
    // The client's limit still holds, in process: PER_CLIENT wrong passwords, then 429.
    expect(tries).toEqual([...Array(PER_CLIENT).fill(401), 429, 429]);
    expect(limiter.inProcess).toBe(true);
    expect(fallbacks).toEqual([true]);

    // A message sent through this server reaches its own streams.
    const got: string[] = [];
    const off = await bus.subscribe('21', (m) => got.push(m.id));
    await bus.publish('21', message('901'));
    expect(got).toEqual(['901']);

    await redis.start();

    // Back by itself: the counts go to Redis again, and the subscription is made again in Redis.
    await vi.waitFor(() => expect(limiter.inProcess).toBe(false), { timeout: 10_000, interval: 50 });
    expect(fallbacks).toEqual([true, false]);
    expect((await logIn('10.0.0.3', bob.username, 'wrong password')).httpStatus).toBe(401);
    const after = new Redis(redis.url);
    try {
      expect(await after.exists('rl:login:ip:10.0.0.3')).toBe(1);
      await vi.waitFor(async () => expect(((await after.pubsub('NUMSUB', 'outage:conversation:21')) as [string, number])[1]).toBe(1), {
        timeout: 10_000,
        interval: 50,
      });
      // A message published by another server (here: straight into Redis) reaches this server's stream.
      await after.publish('outage:conversation:21', JSON.stringify(message('902')));
      await vi.waitFor(() => expect(got).toEqual(['901', '902']));
    } finally {
      off();
      await after.quit();
    }
  });
});

describe.runIf(available)('with Redis hanging', () => {
  it('costs one command time limit now and then, not one per request, and recovers', async () => {
    const hanging = await ownRedis();
    await hanging.start();
    const hangs = new RedisRateLimiter(hanging.url);
    const hangingBus = createRedisMessageBus(hanging.url, { prefix: 'hang:' });
    try {
      const got: string[] = [];
      const off = await hangingBus.subscribe('31', (m) => got.push(m.id));
      expect(await hangs.consume('hang', 3, 60)).toEqual({ allowed: true, retryAfterSeconds: 0 });
      hanging.pause();
      const started = performance.now();
      const answers = [];
      for (let i = 0; i < 20; i++) answers.push((await hangs.consume('hang', 3, 60)).allowed);
      const ms = performance.now() - started;
      // Decided in process (a fresh count there: 3 allowed, then refused), the first after one time limit (1 s).
      expect(answers).toEqual([true, true, true, ...Array(17).fill(false)]);
      expect(ms).toBeLessThan(2500);
      expect(hangs.inProcess).toBe(true);
      // Messages sent meanwhile reach this server's streams, the first after one time limit, the others at once.
      const sending = performance.now();
      for (let i = 0; i < 5; i++) await hangingBus.publish('31', message(String(950 + i)));
      expect(performance.now() - sending).toBeLessThan(2500);
      expect(got).toEqual(['950', '951', '952', '953', '954']);
      off();
      hanging.resume();
      await vi.waitFor(
        async () => {
          await hangs.peek('hang');
          expect(hangs.inProcess).toBe(false);
        },
        { timeout: 10_000, interval: 100 },
      );
    } finally {
      await hangs.close();
      await hangingBus.close();
      await hanging.kill();
    }
  });
});
