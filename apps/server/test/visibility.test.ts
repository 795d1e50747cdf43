/**
 * Secret boards, their Pins and their images answer 404 to everyone but the
 * owner through every door that exists so far; protected boards are
 * reachable but listed on the profile only for their owner.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestImage } from '../src/media/test-images';
import { buildTestApp, type TestApp, type TestClient } from './test-app';

type Privacy = 'public' | 'secret' | 'protected';
let t: TestApp;
const clients = {} as Record<'owner' | 'other' | 'anonymous', TestClient>;
const made = {} as Record<Privacy, { board: string; slug: string; pin: string; image: string }>;

beforeAll(async () => {
  t = await buildTestApp();
  clients.owner = t.client();
  clients.other = t.client();
  clients.anonymous = t.client();
  await clients.owner.signUp({ email: 'vis-owner@example.com', username: 'visowner' });
  await clients.other.signUp({ email: 'vis-other@example.com', username: 'visother' });
  const jpeg = await makeTestImage({ width: 500, height: 500, format: 'jpeg', seed: 1 });
  for (const privacy of ['public', 'secret', 'protected'] as const) {
    const board = (await clients.owner.resource('BoardResource', 'create', { name: `My ${privacy} board`, privacy })).data;
    const pin = (await clients.owner.upload('PinResource', 'create', { board_id: board.id, title: `${privacy} pin` }, jpeg)).data;
    made[privacy] = { board: board.id, slug: board.slug, pin: pin.id, image: pin.images['236x'].url };
  }
  // The other person follows the owner, so the owner's Pins reach their home feed.
  await t.db.query('INSERT INTO follows (follower_id, followee_id) SELECT o.id, w.id FROM users o, users w WHERE o.username = $1 AND w.username = $2', ['visother', 'visowner']);
});
afterAll(() => t.close());

const matrix = (['public', 'secret', 'protected'] as const).flatMap((privacy) =>
  (['owner', 'other', 'anonymous'] as const).map((viewer) => [privacy, viewer] as const),
);

describe.each(matrix)('%s board seen by %s', (privacy, viewer) => {
  const maySee = privacy !== 'secret' || viewer === 'owner';
  const expected = maySee ? 200 : 404;

  it(`board, Pin, spec path and image answer ${expected}`, async () => {
    const c = clients[viewer];
    const { board, slug, pin, image } = made[privacy];
    expect((await c.resource('BoardResource', 'get', { board_id: board })).httpStatus).toBe(expected);
    expect((await c.resource('BoardResource', 'get', { username: 'visowner', slug })).httpStatus).toBe(expected);
    expect((await c.resource('BoardFeedResource', 'get', { board_id: board })).httpStatus).toBe(expected);
    expect((await c.resource('PinResource', 'get', { id: pin })).httpStatus).toBe(expected);
    expect((await c.request('GET', `/v3/pins/${pin}/`)).statusCode).toBe(expected);
    const img = await c.request('GET', image);
    expect(img.statusCode).toBe(expected);
    if (maySee) expect(img.headers['cache-control']).toMatch(privacy === 'secret' ? /^private/ : /^public/);
  });

  it('the Pin appears in feeds only when visible', async () => {
    const c = clients[viewer];
    const { pin } = made[privacy];
    const home = await c.resource('UserHomefeedResource', 'get', { page_size: 100 });
    const userPins = await c.resource('UserPinsResource', 'get', { username: 'visowner', page_size: 100 });
    const inHome = home.data.some((p: { id: string }) => p.id === pin);
    expect(userPins.data.some((p: { id: string }) => p.id === pin)).toBe(maySee);
    expect(inHome).toBe(maySee);
  });

  it('the board is listed on the profile only when visible and not protected (protected: owner only)', async () => {
    const c = clients[viewer];
    const list = await c.resource('BoardsResource', 'get', { username: 'visowner' });
    const listed = list.data.some((b: { id: string }) => b.id === made[privacy].board);
    const shouldList = privacy === 'public' || viewer === 'owner';
    expect(listed).toBe(shouldList);
  });

  it('counts and page metadata say nothing of what is hidden', async () => {
    const c = clients[viewer];
    const profile = (await c.resource('UserResource', 'get', { username: 'visowner' })).data;
    expect(profile.board_count).toBe(viewer === 'owner' ? 3 : 2);
    expect(profile.pin_count).toBe(viewer === 'owner' ? 3 : 2);
    const page = await c.request('GET', `/visowner/${made[privacy].slug}/`, { headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(expected);
    expect(page.body.includes(`My ${privacy} board`)).toBe(maySee);
    const pinPage = await c.request('GET', `/pin/${made[privacy].pin}/`, { headers: { accept: 'text/html' } });
    expect(pinPage.statusCode).toBe(expected);
    expect(pinPage.body.includes(`${privacy} pin`)).toBe(maySee);
  });
});
