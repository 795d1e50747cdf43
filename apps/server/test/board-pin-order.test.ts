/**
 * A board's custom Pin order (decision 065): BoardPinOrderResource update
 * places one Pin between new neighbours, the board and section feeds follow
 * it page after page, and only those who may organize the board may do it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBoard, makePin, makeStoredImage, type StoredImage } from '../src/seed/factories';
import { addCollaborator } from './collaborators';
import { buildTestApp, type TestApp, type TestClient } from './test-app';

let t: TestApp;
let owner: TestClient;
let ownerId: string;
let helper: TestClient;
let helperId: string;
let stranger: TestClient;
let image: StoredImage;

beforeAll(async () => {
  t = await buildTestApp();
  owner = t.client();
  helper = t.client();
  stranger = t.client();
  ownerId = (await owner.signUp({ email: 'po-owner@example.com', username: 'poowner' })).id;
  helperId = (await helper.signUp({ email: 'po-helper@example.com', username: 'pohelper' })).id;
  await stranger.signUp({ email: 'po-stranger@example.com', username: 'postranger' });
  image = await makeStoredImage(t.media, { seed: 11, width: 300, height: 400 });
});
afterAll(() => t.close());

async function walk(c: TestClient, options: Record<string, unknown>) {
  const seen: string[] = [];
  let bookmark: string | null | undefined;
  for (let pages = 0; pages < 50; pages++) {
    const res = await c.resource('BoardFeedResource', 'get', { ...options, page_size: 2, ...(bookmark ? { bookmark } : {}) });
    expect(res.httpStatus).toBe(200);
    seen.push(...res.data.map((p: { id: string }) => p.id));
    bookmark = res.bookmark;
    if (!bookmark) break;
  }
  return seen;
}

async function boardWithPins(name: string, count: number, privacy: 'public' | 'secret' = 'public') {
  const board = await makeBoard(t.db, ownerId, { name, privacy });
  const made: string[] = [];
  for (let i = 0; i < count; i++) made.push(await makePin(t.db, { pinnerId: ownerId, boardId: board.id, image }));
  return { board, shown: [...made].reverse() };
}

const place = (c: TestClient, o: Record<string, unknown>) => c.resource('BoardPinOrderResource', 'update', o);

describe('a board’s custom Pin order', () => {
  it('places a Pin between new neighbours, at the top and at the end, and every page follows it', async () => {
    const { board, shown } = await boardWithPins('Order', 5);
    const [a, b, c, d, e] = shown as [string, string, string, string, string];
    expect(await walk(owner, { board_id: board.id })).toEqual([a, b, c, d, e]);

    expect((await place(owner, { board_id: board.id, pin_id: e, after_pin_id: a, before_pin_id: b })).httpStatus).toBe(200);
    expect(await walk(owner, { board_id: board.id })).toEqual([a, e, b, c, d]);
    expect((await place(owner, { board_id: board.id, pin_id: c, before_pin_id: a })).httpStatus).toBe(200);
    expect(await walk(owner, { board_id: board.id })).toEqual([c, a, e, b, d]);
    expect((await place(owner, { board_id: board.id, pin_id: a, after_pin_id: d })).httpStatus).toBe(200);
    expect(await walk(owner, { board_id: board.id })).toEqual([c, e, b, d, a]);
    // Only a neighbour named: the other is found on the board.
    expect((await place(owner, { board_id: board.id, pin_id: d, after_pin_id: c })).httpStatus).toBe(200);
    expect(await walk(owner, { board_id: board.id })).toEqual([c, d, e, b, a]);
    // Visitors see the same order.
    expect(await walk(t.client(), { board_id: board.id })).toEqual([c, d, e, b, a]);

    // A Pin saved later goes on top.
    const newest = await makePin(t.db, { pinnerId: ownerId, boardId: board.id, image });
    expect(await walk(owner, { board_id: board.id })).toEqual([newest, c, d, e, b, a]);
  });

  it('writes one row per move, and respaces the board when two neighbours leave no room', async () => {
    const { board, shown } = await boardWithPins('Crowded', 4);
    const [a, b, c, d] = shown as [string, string, string, string];
    // Ranks with no room between them: the same rank for two Pins.
    await t.db.query('UPDATE pins SET board_rank = 5 WHERE id = ANY($1::bigint[])', [[a, b]]);
    await t.db.query('UPDATE pins SET board_rank = 1 WHERE id = ANY($1::bigint[])', [[c, d]]);
    const order = await walk(owner, { board_id: board.id });
    const [first, second] = order as [string, string];
    expect((await place(owner, { board_id: board.id, pin_id: d, after_pin_id: first, before_pin_id: second })).httpStatus).toBe(200);
    const after = await walk(owner, { board_id: board.id });
    expect(after.slice(0, 3)).toEqual([first, d, second]);

    // An ordinary move changes only the moved Pin's rank.
    const before = await t.db.query<{ id: string; board_rank: number | null }>('SELECT id, board_rank FROM pins WHERE board_id = $1 ORDER BY id', [board.id]);
    const moved = after[3]!;
    expect((await place(owner, { board_id: board.id, pin_id: moved, before_pin_id: after[0] })).httpStatus).toBe(200);
    const now = await t.db.query<{ id: string; board_rank: number | null }>('SELECT id, board_rank FROM pins WHERE board_id = $1 ORDER BY id', [board.id]);
    expect(now.filter((r, i) => r.board_rank !== before[i]!.board_rank).map((r) => r.id)).toEqual([moved]);
  });

  it('follows the order in a section, and a Pin moved to another board lands on its top', async () => {
    const { board, shown } = await boardWithPins('Sectioned', 3);
    const section = (await owner.resource('BoardSectionResource', 'create', { board_id: board.id, title: 'Part' })).data;
    await t.db.query('UPDATE pins SET section_id = $1 WHERE board_id = $2', [section.id, board.id]);
    const [a, b, c] = shown as [string, string, string];
    await place(owner, { board_id: board.id, pin_id: a, after_pin_id: c });
    expect(await walk(owner, { board_id: board.id, section_id: section.id })).toEqual([b, c, a]);

    const other = await boardWithPins('Elsewhere', 2);
    await place(owner, { board_id: other.board.id, pin_id: other.shown[0], after_pin_id: other.shown[1] });
    const moved = await owner.resource('PinMoveResource', 'create', { board_id: board.id, new_board_id: other.board.id, pin_ids: [c] });
    expect(moved.httpStatus).toBe(200);
    expect(await walk(owner, { board_id: other.board.id })).toEqual([c, other.shown[1], other.shown[0]]);
  });

  it('is for those who may organize the board: collaborators yes, others 403, an unseen board 404', async () => {
    const { board, shown } = await boardWithPins('Shared', 3);
    await addCollaborator(owner, helper, board.id, helperId);
    const [a, b, c] = shown as [string, string, string];
    expect((await place(helper, { board_id: board.id, pin_id: c, before_pin_id: a })).httpStatus).toBe(200);
    expect(await walk(owner, { board_id: board.id })).toEqual([c, a, b]);
    expect((await place(stranger, { board_id: board.id, pin_id: a, after_pin_id: b })).httpStatus).toBe(403);
    expect((await place(t.client(), { board_id: board.id, pin_id: a, after_pin_id: b })).httpStatus).toBe(401);

    const secret = await boardWithPins('Hidden order', 2, 'secret');
    expect((await place(stranger, { board_id: secret.board.id, pin_id: secret.shown[0], after_pin_id: secret.shown[1] })).httpStatus).toBe(404);
  });

  it('refuses Pins not on the board, no neighbour, itself as a neighbour and neighbours the wrong way round', async () => {
    const { board, shown } = await boardWithPins('Checked', 3);
    const [a, b, c] = shown as [string, string, string];
    const elsewhere = await boardWithPins('Other checked', 1);
    const foreign = elsewhere.shown[0];
    const cases: [Record<string, unknown>, string][] = [
      [{ board_id: board.id, pin_id: foreign, after_pin_id: a }, 'pin_id'],
      [{ board_id: board.id, pin_id: a, after_pin_id: foreign }, 'after_pin_id'],
      [{ board_id: board.id, pin_id: a }, 'after_pin_id'],
      [{ board_id: board.id, pin_id: a, after_pin_id: a }, 'pin_id'],
      [{ board_id: board.id, pin_id: b, after_pin_id: c, before_pin_id: a }, 'before_pin_id'],
    ];
    for (const [options, field] of cases) {
      const res = await place(owner, options);
      expect(res.httpStatus, JSON.stringify(options)).toBe(400);
      expect(JSON.stringify(res.error)).toContain(field);
    }
    expect(await walk(owner, { board_id: board.id })).toEqual([a, b, c]);
  });
});
