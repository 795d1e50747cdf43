/**
 * Reads of the API answer for the person who asks, so every one leaves with
 * `Cache-Control: private, no-store` (decision 056): every /v3, /vx and /ads
 * GET route the app serves, signed in and signed out, whatever its status,
 * and the resource layer's reads, found and not found. A route that says its
 * answer is the same for everyone (`config.publicCache`) keeps its own header.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE_ANSWER, privateAnswersPlugin } from '../src/plugins/private-answers';
import { makeBoard, makePin, makeStoredImage } from '../src/seed/factories';
import { plainApiRoutes } from './access-matrix/routes';
import { buildTestApp, type TestApp, type TestClient } from './test-app';

let t: TestApp;
let me: TestClient;
let pinId: string;
let conversationId: string;

beforeAll(async () => {
  t = await buildTestApp({ EXPERIMENT_GROUPS: 'collages:enabled' });
  me = t.client();
  const meId = (await me.signUp({ email: 'cachecontrol@example.com', username: 'cachecontrol' })).id;
  const friend = t.client();
  const friendId = (await friend.signUp({ email: 'cachefriend@example.com', username: 'cachefriend' })).id;
  const board = await makeBoard(t.db, meId, { name: 'Cached' });
  pinId = await makePin(t.db, { pinnerId: meId, boardId: board.id, image: await makeStoredImage(t.media, { seed: 5, width: 120, height: 120 }), title: 'p' });
  const started = await me.resource('ConversationsResource', 'create', { user_ids: [friendId], text: 'hello' });
  expect(started.httpStatus).toBe(200);
  conversationId = started.data.id;
});
afterAll(() => t.close());

/** A GET of `url` as `c` (signed out: null), its status and Cache-Control; a stream is let go once its head is in. */
async function read(c: TestClient | null, url: string) {
  const cookie = c ? [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : '';
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie }, payloadAsStream: true });
  res.stream().destroy();
  return { status: res.statusCode, cacheControl: res.headers['cache-control'] };
}

describe('Cache-Control on reads that depend on who asks', () => {
  it('is private, no-store on every API GET route, signed in and out, whatever the status', async () => {
    const routes = plainApiRoutes(t.app, ['/v3/', '/vx/', '/ads/']).filter((r) => r.startsWith('GET '));
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /v3/pins/:id/',
        'GET /v3/users/me/filtered/pins/',
        'GET /v3/users/me/shuffles/',
        'GET /v3/users/profile/pins/clusters/',
        'GET /v3/users/profile/pins/cluster/:id/feed/',
      ]),
    );
    const problems: string[] = [];
    const statuses = new Set<number>();
    for (const route of routes) {
      const path = route.slice('GET '.length);
      const url = path.replace(':id', path.startsWith('/v3/conversations/') ? conversationId : pinId);
      for (const [who, c] of [
        ['signed in', me],
        ['signed out', null],
      ] as const) {
        for (const u of [url, url.replace(/\/\d+\//, '/1/')]) {
          const { status, cacheControl } = await read(c, u);
          statuses.add(status);
          if (cacheControl !== PRIVATE_ANSWER) problems.push(`${who} GET ${u} → ${status} with Cache-Control ${String(cacheControl)}`);
        }
      }
    }
    // The sweep saw answers and refusals alike.
    expect([...statuses].some((s) => s === 200)).toBe(true);
    expect([...statuses].some((s) => s === 404 || s === 401)).toBe(true);
    expect(problems).toEqual([]);
  });

  it("is private, no-store on the resource layer's reads, found or not", async () => {
    for (const c of [me, null]) {
      for (const id of [pinId, '1']) {
        const { status, cacheControl } = await read(c, `/resource/PinResource/get/?data=${encodeURIComponent(JSON.stringify({ options: { id } }))}`);
        expect(`${status} ${String(cacheControl)}`).toBe(`${id === pinId ? 200 : 404} ${PRIVATE_ANSWER}`);
      }
    }
  });

  it('keeps a private header a route sets itself, and a public one only where the route says it is public', async () => {
    const app = Fastify({ logger: false });
    await privateAnswersPlugin(app);
    app.get('/v3/none/', async () => ({}));
    app.get('/v3/public-by-mistake/', async (_req, reply) => reply.header('cache-control', 'public, max-age=60').send({}));
    app.get('/v3/kept-private/', async (_req, reply) => reply.header('cache-control', 'private, max-age=60').send({}));
    app.get('/v3/catalogue/', { config: { publicCache: true } }, async (_req, reply) => reply.header('cache-control', 'public, max-age=60').send({}));
    app.get('/v3/failing/', async () => {
      throw new Error('refused');
    });
    app.post('/v3/none/', async () => ({}));
    app.get('/robots.txt', async () => 'User-agent: *');
    const header = async (method: 'GET' | 'POST', url: string) => (await app.inject({ method, url })).headers['cache-control'];
    expect(await header('GET', '/v3/none/')).toBe(PRIVATE_ANSWER);
    expect(await header('GET', '/v3/public-by-mistake/')).toBe(PRIVATE_ANSWER);
    expect(await header('GET', '/v3/kept-private/')).toBe('private, max-age=60');
    expect(await header('GET', '/v3/catalogue/')).toBe('public, max-age=60');
    expect(await header('GET', '/v3/failing/')).toBe(PRIVATE_ANSWER);
    expect(await header('GET', '/v3/not-a-route/')).toBe(PRIVATE_ANSWER);
    expect(await header('POST', '/v3/none/')).toBeUndefined();
    expect(await header('GET', '/robots.txt')).toBeUndefined();
    await app.close();
  });
});
