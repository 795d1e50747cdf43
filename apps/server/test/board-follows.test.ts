/**
 * Following boards (decision 089): BoardFollowResource's rules, the follow facts every board answer carries, the
 * signed-out kept answers, and the home feed's Pins of followed boards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBoard, makeCollaborator, makePin, makeStoredImage, type StoredImage } from '../src/seed/factories';
import { buildTestApp, type TestApp, type TestClient, type TestPerson } from './test-app';

let t: TestApp;
let image: StoredImage;
beforeAll(async () => {
  t = await buildTestApp();
  image = await makeStoredImage(t.media, { seed: 89, width: 300, height: 300 });
});
afterAll(() => t.close());

const followBoard = (c: TestClient, boardId: string) => c.resource('BoardFollowResource', 'create', { board_id: boardId });
const unfollowBoard = (c: TestClient, boardId: string) => c.resource('BoardFollowResource', 'delete', { board_id: boardId });

/** The home feed's Pins from followed sources (recommendations, marked with their reason, left out). */
async function homeFromSources(c: TestClient): Promise<string[]> {
  const res = await c.resource('UserHomefeedResource', 'get', { page_size: 50 });
  expect(res.httpStatus).toBe(200);
  return res.data.filter((p: { recommendation_reason?: unknown }) => !p.recommendation_reason).map((p: { id: string }) => p.id);
}

async function boardOf(c: TestClient, boardId: string) {
  const res = await c.resource('BoardResource', 'get', { board_id: boardId });
  expect(res.httpStatus).toBe(200);
  return res.data as { followed_by_me: boolean; follower_count: number };
}

async function pair(prefix: string): Promise<[TestPerson, TestPerson]> {
  return [await t.person('Owner', prefix), await t.person('Fan', prefix)];
}

describe('BoardFollowResource', () => {
  it("follows and unfollows a board; the board answers carry followed_by_me and follower_count; the follower's home feed gets its Pins", async () => {
    const [owner, fan] = await pair('bfa');
    const board = await makeBoard(t.db, owner.id, { name: 'Followed' });
    const followed = await followBoard(fan.c, board.id);
    expect(followed.httpStatus).toBe(200);
    expect(followed.data).toEqual({ board_id: board.id, followed_by_me: true, follower_count: 1 });
    // Twice is the same as once.
    expect((await followBoard(fan.c, board.id)).data).toEqual({ board_id: board.id, followed_by_me: true, follower_count: 1 });
    expect(await boardOf(fan.c, board.id)).toMatchObject({ followed_by_me: true, follower_count: 1 });
    expect(await boardOf(owner.c, board.id)).toMatchObject({ followed_by_me: false, follower_count: 1 });
    expect(await boardOf(t.client(), board.id)).toMatchObject({ followed_by_me: false, follower_count: 1 });
    // The lists of boards carry them too.
    const list = await fan.c.resource('BoardsResource', 'get', { username: owner.username });
    expect(list.data.find((b: { id: string }) => b.id === board.id)).toMatchObject({ followed_by_me: true, follower_count: 1 });

    const pin = await makePin(t.db, { pinnerId: owner.id, boardId: board.id, image, title: 'On the followed board' });
    expect(await homeFromSources(fan.c)).toContain(pin);

    const unfollowed = await unfollowBoard(fan.c, board.id);
    expect(unfollowed.data).toEqual({ board_id: board.id, followed_by_me: false, follower_count: 0 });
    expect(await homeFromSources(fan.c)).not.toContain(pin);
  });

  it("refuses one's own board with a clear message, a missing board, and signed out, writing nothing", async () => {
    const [owner] = await pair('bfb');
    const board = await makeBoard(t.db, owner.id);
    const own = await followBoard(owner.c, board.id);
    expect(own.httpStatus).toBe(400);
    expect(own.error?.message).toBe('board_id: you cannot follow your own board.');
    expect((await followBoard(owner.c, '999999')).httpStatus).toBe(404);
    expect((await followBoard(t.client(), board.id)).httpStatus).toBe(401);
    expect((await owner.c.resource('BoardFollowResource', 'create', { board_id: board.id, extra: 1 })).httpStatus).toBe(400);
    expect(await t.db.one('SELECT 1 FROM board_follows WHERE board_id = $1', [board.id])).toBeNull();
  });

  it('answers a board the viewer may not see as missing: a secret board, a private profile’s board', async () => {
    const [owner, fan] = await pair('bfc');
    const secret = await makeBoard(t.db, owner.id, { privacy: 'secret' });
    expect((await followBoard(fan.c, secret.id)).httpStatus).toBe(404);
    expect((await unfollowBoard(fan.c, secret.id)).httpStatus).toBe(404);
    // A collaborator sees it, and may follow it.
    const collaborator = await t.person('Helper', 'bfc');
    await makeCollaborator(t.db, secret.id, collaborator.id);
    expect((await followBoard(collaborator.c, secret.id)).data).toEqual({ board_id: secret.id, followed_by_me: true, follower_count: 1 });

    await t.db.query('UPDATE users SET is_private_profile = true WHERE id = $1', [owner.id]);
    const board = await makeBoard(t.db, owner.id);
    expect((await followBoard(fan.c, board.id)).httpStatus).toBe(404);
    await fan.c.resource('UserFollowResource', 'create', {
      user_id: owner.id,
      invite_code: (await owner.c.resource('InviteCodeResource', 'get', {})).data.invite_code,
    });
    expect((await followBoard(fan.c, board.id)).httpStatus).toBe(200);
  });

  it('a board made secret: its followers get none of its Pins and are not counted; opened again, they are', async () => {
    const [owner, fan] = await pair('bfd');
    const board = await makeBoard(t.db, owner.id, { name: 'Soon secret' });
    const pin = await makePin(t.db, { pinnerId: owner.id, boardId: board.id, image });
    await followBoard(fan.c, board.id);
    expect(await homeFromSources(fan.c)).toContain(pin);

    expect((await owner.c.resource('BoardResource', 'update', { board_id: board.id, privacy: 'secret' })).httpStatus).toBe(200);
    expect(await homeFromSources(fan.c)).not.toContain(pin);
    expect(await boardOf(owner.c, board.id)).toMatchObject({ follower_count: 0 });
    expect((await followBoard(fan.c, board.id)).httpStatus).toBe(404);
    // A collaborator follows and is counted: they still see it.
    const collaborator = await t.person('Helper', 'bfd');
    await makeCollaborator(t.db, board.id, collaborator.id);
    await followBoard(collaborator.c, board.id);
    expect(await boardOf(owner.c, board.id)).toMatchObject({ follower_count: 1 });

    await owner.c.resource('BoardResource', 'update', { board_id: board.id, privacy: 'public' });
    expect(await homeFromSources(fan.c)).toContain(pin);
    expect(await boardOf(owner.c, board.id)).toMatchObject({ follower_count: 2 });
  });

  it("does not count a removed person's follow", async () => {
    const [owner, fan] = await pair('bfe');
    const board = await makeBoard(t.db, owner.id);
    await followBoard(fan.c, board.id);
    expect(await boardOf(owner.c, board.id)).toMatchObject({ follower_count: 1 });
    await t.db.query("UPDATE users SET moderation = 'removed' WHERE id = $1", [fan.id]);
    expect(await boardOf(owner.c, board.id)).toMatchObject({ follower_count: 0 });
  });
});

describe('blocks and board follows', () => {
  it('nobody follows a board across a block: the blocker is told, the blocked person gets a 404', async () => {
    const [owner, fan] = await pair('bfg');
    const board = await makeBoard(t.db, owner.id);
    const fansBoard = await makeBoard(t.db, fan.id);
    await owner.c.resource('UserBlockResource', 'create', { blocked_user_id: fan.id });
    expect((await followBoard(fan.c, board.id)).httpStatus).toBe(404);
    const mine = await followBoard(owner.c, fansBoard.id);
    expect(mine.httpStatus).toBe(403);
    expect(mine.error?.message).toBe("You can't follow this board.");
    expect(await t.db.one('SELECT 1 FROM board_follows WHERE board_id = ANY($1::bigint[])', [[board.id, fansBoard.id]])).toBeNull();
  });

  it('a block ends the board follows between the two, both ways, and only theirs; unblocking brings none back', async () => {
    const [owner, fan] = await pair('bfh');
    const third = await t.person('Third', 'bfh');
    const board = await makeBoard(t.db, owner.id);
    const fansBoard = await makeBoard(t.db, fan.id);
    await followBoard(fan.c, board.id);
    await followBoard(owner.c, fansBoard.id);
    await followBoard(third.c, board.id);
    await fan.c.resource('UserBlockResource', 'create', { blocked_user_id: owner.id });
    const left = await t.db.query<{ user_id: string; board_id: string }>('SELECT user_id, board_id FROM board_follows WHERE board_id = ANY($1::bigint[])', [
      [board.id, fansBoard.id],
    ]);
    expect(left).toEqual([{ user_id: third.id, board_id: board.id }]);
    await fan.c.resource('UserBlockResource', 'delete', { blocked_user_id: owner.id });
    expect(await boardOf(fan.c, board.id)).toMatchObject({ followed_by_me: false, follower_count: 1 });
  });

  it("the home feed leaves out a followed board's Pins saved by someone with a block between them and the viewer", async () => {
    const [owner, fan] = await pair('bfi');
    const helper = await t.person('Helper', 'bfi');
    const board = await makeBoard(t.db, owner.id);
    await makeCollaborator(t.db, board.id, helper.id);
    const ownersPin = await makePin(t.db, { pinnerId: owner.id, boardId: board.id, image });
    const helpersPin = await makePin(t.db, { pinnerId: helper.id, boardId: board.id, image });
    await followBoard(fan.c, board.id);
    expect(await homeFromSources(fan.c)).toEqual(expect.arrayContaining([ownersPin, helpersPin]));
    await helper.c.resource('UserBlockResource', 'create', { blocked_user_id: fan.id });
    const home = await homeFromSources(fan.c);
    expect(home).toContain(ownersPin);
    expect(home).not.toContain(helpersPin);
  });
});

describe('the home feed with followed boards', () => {
  it('shows a Pin that comes from a followed person and a followed board once, and leaves out hidden Pins', async () => {
    const [owner, fan] = await pair('bfj');
    const board = await makeBoard(t.db, owner.id);
    const both = await makePin(t.db, { pinnerId: owner.id, boardId: board.id, image });
    const hidden = await makePin(t.db, { pinnerId: owner.id, boardId: board.id, image });
    await followBoard(fan.c, board.id);
    await fan.c.resource('UserFollowResource', 'create', { user_id: owner.id });
    await fan.c.resource('PinHideResource', 'create', { pin_id: hidden });
    const home = await homeFromSources(fan.c);
    expect(home.filter((id) => id === both)).toHaveLength(1);
    expect(home).not.toContain(hidden);
  });
});

describe('kept signed-out board answers', () => {
  it('a follow forgets the kept board answer, and a signed-out answer never says followed_by_me', async () => {
    const [owner, fan] = await pair('bfk');
    const board = await makeBoard(t.db, owner.id);
    const anon = t.client();
    expect(await boardOf(anon, board.id)).toMatchObject({ followed_by_me: false, follower_count: 0 });
    await followBoard(fan.c, board.id);
    await expect.poll(async () => (await boardOf(anon, board.id)).follower_count).toBe(1);
    expect(await boardOf(anon, board.id)).toMatchObject({ followed_by_me: false });
    await unfollowBoard(fan.c, board.id);
    await expect.poll(async () => (await boardOf(anon, board.id)).follower_count).toBe(0);
  });
});
