/**
 * The permission matrix: owner, collaborator, other signed-in person and
 * anonymous visitor over public, secret and protected boards. Secret boards,
 * their Pins and their images answer 404 to everyone but the owner and
 * collaborators through every door; protected boards are reachable but listed
 * on the profile only for their owner.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestImage } from '../src/media-pipeline/test-images';
import { addCollaborator } from './collaborators';
import { buildTestApp, type TestApp, type TestClient } from './test-app';

type Privacy = 'public' | 'secret' | 'protected';
let t: TestApp;
type Who = 'owner' | 'collaborator' | 'other' | 'anonymous';
const clients = {} as Record<Who, TestClient>;
const made = {} as Record<Privacy, { board: string; slug: string; pin: string; image: string }>;

beforeAll(async () => {
  t = await buildTestApp();
  clients.owner = t.client();
  clients.collaborator = t.client();
  clients.other = t.client();
  clients.anonymous = t.client();
  await clients.owner.signUp({ email: 'vis-owner@example.com', username: 'visowner' });
  await clients.other.signUp({ email: 'vis-other@example.com', username: 'visother' });
  const collaboratorId = (await clients.collaborator.signUp({ email: 'vis-collab@example.com', username: 'viscollab' })).id;
  // Each board's Pin a picture of its own: the public Pin is saved to the others below, and a picture saved to a board
  // that has it answers the Pin there (decision 095).
  for (const [i, privacy] of (['public', 'secret', 'protected'] as const).entries()) {
    const jpeg = await makeTestImage({ width: 500, height: 500, format: 'jpeg', seed: 1 + i });
    const board = (await clients.owner.resource('BoardResource', 'create', { name: `My ${privacy} board`, privacy })).data;
    const pin = (await clients.owner.upload('PinResource', 'create', { board_id: board.id, title: `${privacy} pin` }, jpeg)).data;
    made[privacy] = { board: board.id, slug: board.slug, pin: pin.id, image: pin.images['236x'].url };
    await addCollaborator(clients.owner, clients.collaborator, board.id, collaboratorId);
  }
  // The other person follows the owner, so the owner's Pins reach their home feed.
  await t.db.query('INSERT INTO follows (follower_id, followee_id) SELECT o.id, w.id FROM users o, users w WHERE o.username = $1 AND w.username = $2', [
    'visother',
    'visowner',
  ]);
});
afterAll(() => t.close());

const matrix = (['public', 'secret', 'protected'] as const).flatMap((privacy) =>
  (['owner', 'collaborator', 'other', 'anonymous'] as const).map((viewer) => [privacy, viewer] as const),
);

describe.each(matrix)('%s board seen by %s', (privacy, viewer) => {
  const maySee = privacy !== 'secret' || viewer === 'owner' || viewer === 'collaborator';
  const mayPin = viewer === 'owner' || viewer === 'collaborator';
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
    // The home feed holds one's own and followed people's Pins (the collaborator follows no one).
    expect(inHome).toBe(viewer === 'collaborator' ? false : maySee);
  });

  it('only the owner and collaborators may add, save or move Pins into it; only the owner may edit or delete it', async () => {
    const c = clients[viewer];
    const { board, pin } = made[privacy];
    const saved = await c.resource('RepinResource', 'create', { pin_id: made.public.pin, board_id: board });
    const refused = viewer === 'anonymous' ? 401 : maySee ? 403 : 404;
    expect(saved.httpStatus).toBe(mayPin ? 200 : refused);
    const section = await c.resource('BoardSectionResource', 'create', { board_id: board, title: `By ${viewer}` });
    expect(section.httpStatus).toBe(mayPin ? 200 : refused);
    if (mayPin) {
      // Leave the boards as they were for the other cells of the matrix. The owner saving the public Pin to its own
      // board is answered that Pin (one picture once per person and board, decision 095): it stays.
      if (saved.data.id !== made.public.pin) expect((await c.resource('PinResource', 'delete', { id: saved.data.id })).httpStatus).toBe(200);
      expect((await c.resource('BoardSectionResource', 'delete', { section_id: section.data.id })).httpStatus).toBe(200);
    }
    const rename = await c.resource('BoardResource', 'update', { board_id: board, description: `edited by ${viewer}` });
    expect(rename.httpStatus).toBe(viewer === 'owner' ? 200 : viewer === 'anonymous' ? 401 : maySee ? 403 : 404);
    const edit = await c.resource('PinResource', 'update', { id: pin, description: `edited by ${viewer}` });
    expect(edit.httpStatus).toBe(viewer === 'owner' ? 200 : viewer === 'anonymous' ? 401 : maySee ? 403 : 404);
    if (viewer !== 'owner') {
      // (The owner's delete is tested in boards.test.ts; here the board must stay for the next viewers.)
      const remove = await c.resource('BoardResource', 'delete', { board_id: board });
      expect(remove.httpStatus).toBe(viewer === 'anonymous' ? 401 : maySee ? 403 : 404);
    }
  });

  it('the board is listed on the profile only when visible, and protected boards only for the owner', async () => {
    const c = clients[viewer];
    const list = await c.resource('BoardsResource', 'get', { username: 'visowner' });
    const listed = list.data.some((b: { id: string }) => b.id === made[privacy].board);
    // Secret boards are listed for whoever may see them; protected ones only for the owner.
    const shouldList = privacy === 'public' || viewer === 'owner' || (privacy === 'secret' && viewer === 'collaborator');
    expect(listed).toBe(shouldList);
  });

  it('counts and page metadata say nothing of what is hidden', async () => {
    const c = clients[viewer];
    const profile = (await c.resource('UserResource', 'get', { username: 'visowner' })).data;
    // The counts are those of the lists: the profile's boards (protected ones listed to the owner only) and the person's Pins.
    expect(profile.board_count).toBe({ owner: 3, collaborator: 2, other: 1, anonymous: 1 }[viewer]);
    expect(profile.pin_count).toBe(viewer === 'owner' || viewer === 'collaborator' ? 3 : 2);
    expect(profile.secret_board_count).toBe(viewer === 'owner' ? 1 : 0);
    const page = await c.request('GET', `/visowner/${made[privacy].slug}/`, { headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(expected);
    expect(page.body.includes(`My ${privacy} board`)).toBe(maySee);
    const pinPage = await c.request('GET', `/pin/${made[privacy].pin}/`, { headers: { accept: 'text/html' } });
    expect(pinPage.statusCode).toBe(expected);
    expect(pinPage.body.includes(`${privacy} pin`)).toBe(maySee);
  });
});
