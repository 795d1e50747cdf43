/**
 * The live unread count (decision 086): `GET /v3/notifications/events/` sends
 * `event: count` on connect and whenever the person's count changes, on every
 * server: two app instances on one database and one Redis (the messages
 * module's bus, named channel `notifications:<userId>`); a stream closes when
 * its session ends on another server.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createRedisMessageBus } from '../src/modules/messages/messages.redis-bus';
import { MemoryRateLimiter } from '../src/rate-limit';
import { hasRedisServer, ownRedis, type OwnRedis } from './deploys/own-redis';
import { buildTestApp, TestClient, type TestApp } from './test-app';
import { openEventStream, type SseEvent } from './event-stream';

const available = !!process.env.TEST_REDIS_URL || hasRedisServer();
let t: TestApp;
let redis: OwnRedis | null = null;
let redisUrl = '';
/** Every server of this file on one Redis channel space: the notify job may run on any of them. */
const prefix = `test:${randomBytes(6).toString('hex')}:`;

beforeAll(async () => {
  if (!available) return;
  if (process.env.TEST_REDIS_URL) redisUrl = process.env.TEST_REDIS_URL;
  else {
    redis = await ownRedis();
    await redis.start();
    redisUrl = redis.url;
  }
  t = await buildTestApp({ SIGNUP_RATE_LIMIT_CLIENT: '500' }, { bus: createRedisMessageBus(redisUrl, { prefix }) });
});
afterAll(async () => {
  await t?.close();
  await redis?.kill();
});

function openCount(c: TestClient, baseUrl: string) {
  return openEventStream(c, `${baseUrl}/v3/notifications/events/`, {}, 8000);
}

const countIs = (n: number) => (e: SseEvent) => e.event === 'count' && JSON.parse(e.data).unread === n;

describe.runIf(available)('the live unread count across two servers', () => {
  /** A server on the test app's database with the Redis bus, listening on its own port. */
  async function server() {
    const bus = createRedisMessageBus(redisUrl, { prefix });
    const built = await buildApp({ config: t.config, db: t.db, media: t.media, limiter: new MemoryRateLimiter(), bus }, { logger: false });
    await built.app.ready();
    return { ...built, baseUrl: await built.app.listen({ port: 0, host: '127.0.0.1' }) };
  }

  it('tells a stream on one server of notifications made and read through the other, and closes it when its session ends there', async () => {
    const [one, two] = [await server(), await server()];
    try {
      const star = await t.person('Liv Star', 'nl');
      const fan = await t.person('Fan Live', 'nl');
      const viaOne = (c: TestClient) => {
        const client = new TestClient(one.app);
        for (const [k, v] of c.cookies) client.cookies.set(k, v);
        return client;
      };
      const stream = await openCount(star.c, two.baseUrl);
      expect(stream.res.status).toBe(200);
      expect(stream.res.headers.get('content-type')).toBe('text/event-stream');
      await stream.next(countIs(0));

      // The follow goes through server one; its job runs on server one's queue workers (or another's).
      expect((await viaOne(fan.c).resource('UserFollowResource', 'create', { user_id: star.id })).httpStatus).toBe(200);
      await stream.next(countIs(1));
      expect((await viaOne(star.c).resource('NotificationsResource', 'update', { read: true })).data).toEqual({ unread: 0 });
      await stream.next(countIs(0));

      // Logging out through server one closes the stream held by server two.
      expect((await viaOne(star.c).resource('UserSessionResource', 'delete')).httpStatus).toBe(200);
      await stream.next((e) => e.event === 'session_ended');
      stream.close();
    } finally {
      await one.app.close();
      await two.app.close();
    }
  });

  it('answers 401 signed out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v3/notifications/events/' });
    expect(res.statusCode).toBe(401);
  });
});
