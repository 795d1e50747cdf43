/**
 * Public images are served without a query, from what the server knows to be
 * public; these tests try to make it serve an image that has left public view:
 * through the API, through another connection (as another server would),
 * and while its notices cannot arrive.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestImage } from '../src/media-pipeline/test-images';
import { countQueries, cutListenerDuring, eventually as eventuallyStatus, otherConnection } from './db-observers';
import { buildTestApp, type TestApp, type TestClient } from './test-app';

let t: TestApp;
let owner: TestClient;
let anonymous: TestClient;
let jpeg: Buffer;
let queries: ReturnType<typeof countQueries>;

beforeAll(async () => {
  t = await buildTestApp();
  // The queries a request for an image sends (its visibility, the session's viewer); not the jobs that a new Pin's
  // upload set going, which may run at any moment on a busy machine.
  queries = countQueries(t, (sql) => sql.includes(' AS public, ') || sql.includes('FROM sessions'));
  owner = t.client();
  anonymous = t.client();
  await owner.signUp({ email: 'fast-owner@example.com', username: 'fastowner' });
  jpeg = await makeTestImage({ width: 400, height: 300, format: 'jpeg', seed: 7 });
});
afterAll(() => t.close());

async function publicPin(name: string) {
  const board = (await owner.resource('BoardResource', 'create', { name })).data;
  const pin = (await owner.upload('PinResource', 'create', { board_id: board.id, title: name }, jpeg)).data;
  return { board: board.id as string, pin: pin.id as string, image: pin.images['236x'].url as string };
}

const eventually = (url: string, status: number) => eventuallyStatus(async () => (await anonymous.request('GET', url)).statusCode, status);

describe('a public image', () => {
  it('is served with no query once known public, with an ETag, Last-Modified and no cookie', async () => {
    const { image } = await publicPin('Served fast');
    const first = await anonymous.request('GET', image);
    expect(first.statusCode).toBe(200);
    queries.reset();
    const second = await anonymous.request('GET', image);
    expect(second.statusCode).toBe(200);
    expect(queries.count).toBe(0);
    expect(second.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(second.headers.etag).toMatch(/^"[0-9a-f]+_236x\.jpg"$/);
    expect(second.headers['last-modified']).toBeTruthy();
    expect(second.headers['set-cookie']).toBeUndefined();
    const cached = await anonymous.request('GET', image, { headers: { 'if-none-match': String(second.headers.etag) } });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
    // A signed-in browser's request is no different: no session lookup either.
    queries.reset();
    expect((await owner.request('GET', image)).statusCode).toBe(200);
    expect(queries.count).toBe(0);
  });

  it('answers 404 at once after its board turns secret through the API, and still serves its owner', async () => {
    const { board, image } = await publicPin('Turns secret');
    expect((await anonymous.request('GET', image)).statusCode).toBe(200);
    expect((await owner.resource('BoardResource', 'update', { board_id: board, privacy: 'secret' })).httpStatus).toBe(200);
    expect((await anonymous.request('GET', image)).statusCode).toBe(404);
    const own = await owner.request('GET', image);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toMatch(/^private/);
  });

  it('answers 404 after a change made by another server (another connection)', async () => {
    const { board, image } = await publicPin('Changed elsewhere');
    expect((await anonymous.request('GET', image)).statusCode).toBe(200);
    await otherConnection(t, (c) => c.query("UPDATE boards SET privacy = 'secret' WHERE id = $1", [board]));
    expect(await eventually(image, 404)).toBe(404);
  });

  it('answers 404 once its Pin moved to a secret board', async () => {
    const { board, pin, image } = await publicPin('Moves away');
    const secret = (await owner.resource('BoardResource', 'create', { name: 'Hideout', privacy: 'secret' })).data;
    expect((await anonymous.request('GET', image)).statusCode).toBe(200);
    expect((await owner.resource('PinMoveResource', 'create', { board_id: board, new_board_id: secret.id, pin_ids: [pin] })).httpStatus).toBe(200);
    expect((await anonymous.request('GET', image)).statusCode).toBe(404);
  });

  it('answers 404 once the public Pin is deleted while a secret Pin keeps the image', async () => {
    const { pin, image } = await publicPin('Deleted copy');
    const secret = (await owner.resource('BoardResource', 'create', { name: 'Keeps it', privacy: 'secret' })).data;
    expect((await owner.resource('RepinResource', 'create', { pin_id: pin, board_id: secret.id })).httpStatus).toBe(200);
    expect((await anonymous.request('GET', image)).statusCode).toBe(200);
    expect((await owner.resource('PinResource', 'delete', { id: pin })).httpStatus).toBe(200);
    expect((await anonymous.request('GET', image)).statusCode).toBe(404);
    expect((await owner.request('GET', image)).statusCode).toBe(200);
  });

  it("answers 404 once its owner's profile turns private", async () => {
    const { image } = await publicPin('Private soon');
    expect((await anonymous.request('GET', image)).statusCode).toBe(200);
    expect((await owner.resource('UserResource', 'update', { is_private_profile: true })).httpStatus).toBe(200);
    expect((await anonymous.request('GET', image)).statusCode).toBe(404);
    expect((await owner.resource('UserResource', 'update', { is_private_profile: false })).httpStatus).toBe(200);
    expect((await anonymous.request('GET', image)).statusCode).toBe(200);
  });

  it('is not served from memory while the server cannot hear the notices', async () => {
    const { board, image } = await publicPin('Deaf server');
    expect((await anonymous.request('GET', image)).statusCode).toBe(200);
    // Cut the listening connection, then change the board from elsewhere: no notice can arrive.
    const listeningAgain = await cutListenerDuring(t, 'media_visibility', (c) => c.query("UPDATE boards SET privacy = 'secret' WHERE id = $1", [board]));
    expect(await eventually(image, 404)).toBe(404);
    // Once it listens again, what it knew before is gone too.
    await listeningAgain();
    expect((await anonymous.request('GET', image)).statusCode).toBe(404);
  });
});

/**
 * Over a real connection, a public image the server has in memory is answered
 * before the framework (inject() never reaches that door, so these listen).
 */
describe('a public image over a real connection', () => {
  let base = '';
  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  const get = (url: string, headers: Record<string, string> = {}) => fetch(base + url, { headers });
  /** Not the date; the request's id by its shape (each answer has its own: decision 102). */
  const headersOf = (r: Response) =>
    Object.fromEntries(
      [...r.headers]
        .filter(([name]) => name !== 'date')
        .map(([name, value]) => [name, name === 'x-request-id' ? value.replace(/^[0-9a-f-]{36}$/, 'uuid') : value]),
    );

  it('is answered before the framework once in memory, with the same headers and bytes as the framework gives', async () => {
    const { image } = await publicPin('Raw door');
    const servedBefore = t.beforeFramework.served;
    const first = await get(image); // cold: the framework reads the store and fills the memory cache
    const firstBytes = Buffer.from(await first.arrayBuffer());
    expect(first.status).toBe(200);
    expect(t.beforeFramework.served).toBe(servedBefore);
    queries.reset();
    const second = await get(image);
    const secondBytes = Buffer.from(await second.arrayBuffer());
    expect(second.status).toBe(200);
    expect(t.beforeFramework.served).toBe(servedBefore + 1);
    expect(queries.count).toBe(0);
    expect(headersOf(second)).toEqual(headersOf(first));
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    expect(secondBytes.equals(firstBytes)).toBe(true);
    const notModified = await get(image, { 'if-none-match': second.headers.get('etag')! });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(t.beforeFramework.served).toBe(servedBefore + 2);
  });

  it('leaves HEAD, a query string and an escaped address to the framework', async () => {
    const { image } = await publicPin('Other doors');
    await get(image);
    const servedBefore = t.beforeFramework.served;
    expect((await fetch(base + image, { method: 'HEAD' })).status).toBe(200);
    expect((await get(`${image}?v=1`)).status).toBe(200);
    expect((await get(image.replace('_236x', '%5F236x'))).status).toBe(200);
    expect(t.beforeFramework.served).toBe(servedBefore);
  });

  it('answers 404 as soon as its board turns secret, and never serves a secret image there', async () => {
    const { board, image } = await publicPin('Raw secret');
    expect((await get(image)).status).toBe(200);
    expect((await get(image)).status).toBe(200);
    expect((await owner.resource('BoardResource', 'update', { board_id: board, privacy: 'secret' })).httpStatus).toBe(200);
    const servedBefore = t.beforeFramework.served;
    expect((await get(image)).status).toBe(404);
    expect((await get(image)).status).toBe(404);
    expect(t.beforeFramework.served).toBe(servedBefore);
  });

  it('answers 404 after a change made by another server', async () => {
    const { board, image } = await publicPin('Raw elsewhere');
    expect((await get(image)).status).toBe(200);
    expect((await get(image)).status).toBe(200);
    await otherConnection(t, (c) => c.query("UPDATE boards SET privacy = 'secret' WHERE id = $1", [board]));
    expect(await eventuallyStatus(async () => (await get(image)).status, 404)).toBe(404);
  });
});
