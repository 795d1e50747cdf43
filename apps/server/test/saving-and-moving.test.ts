import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withBoardClaims } from '../src/modules/bulk/board-action-claims';
import { makeStoredImage, makePin, type StoredImage } from '../src/seed/factories';
import { addCollaborator } from './collaborators';
import { buildTestApp, type TestApp, type TestClient } from './test-app';
import { ERROR_CODES } from '@pinboard/shared/api/error-codes';

let t: TestApp;
let me: TestClient;
let meId: string;
let other: TestClient;
let otherId: string;
let image: StoredImage;

beforeAll(async () => {
  t = await buildTestApp();
  me = t.client();
  other = t.client();
  meId = (await me.signUp({ email: 'sm-me@example.com', username: 'smme' })).id;
  otherId = (await other.signUp({ email: 'sm-other@example.com', username: 'smother' })).id;
  image = await makeStoredImage(t.media, { seed: 8, width: 300, height: 400 });
});
afterAll(() => t.close());

const board = async (c: TestClient, name: string, privacy = 'public') => (await c.resource('BoardResource', 'create', { name, privacy })).data;
const ids = (r: { data?: { id: string }[] }) => (r.data ?? []).map((p) => p.id);

describe('sections', () => {
  it('are created, renamed, reordered and deleted, keeping their Pins on the board', async () => {
    const b = await board(me, 'Kitchen');
    const a = (await me.resource('BoardSectionResource', 'create', { board_id: b.id, title: ' Tiles ' })).data;
    const c = (await me.resource('BoardSectionResource', 'create', { board_id: b.id, title: 'Taps' })).data;
    expect(a).toMatchObject({ title: 'Tiles', slug: 'tiles', url: '/smme/kitchen/tiles/', pin_count: 0 });
    const pin = await makePin(t.db, { pinnerId: meId, boardId: b.id, sectionId: a.id, image });
    expect((await me.resource('BoardResource', 'get', { board_id: b.id })).data.section_count).toBe(2);
    const renamed = await me.resource('BoardSectionResource', 'update', { section_id: a.id, title: 'Wall tiles' });
    expect(renamed.data).toMatchObject({ title: 'Wall tiles', slug: 'wall-tiles', pin_count: 1 });
    expect(renamed.data.preview_pins[0].image_square_url).toBe(image.images['236x']!.url);
    await me.resource('BoardSectionResource', 'update', { section_id: c.id, position: 0 });
    const list = await me.resource('BoardSectionsResource', 'get', { board_id: b.id });
    expect(list.data.map((s: { title: string }) => s.title)).toEqual(['Taps', 'Wall tiles']);
    const feed = await me.resource('BoardFeedResource', 'get', { board_id: b.id, section_id: a.id });
    expect(ids(feed)).toEqual([pin]);
    const page = await t.client().request('GET', '/smme/kitchen/wall-tiles/', { headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Wall tiles | Kitchen | Pinboard</title>');
    expect((await t.client().request('GET', '/smme/kitchen/no-such-section/', { headers: { accept: 'text/html' } })).statusCode).toBe(404);
    expect((await other.resource('BoardSectionResource', 'update', { section_id: a.id, title: 'Mine' })).httpStatus).toBe(403);
    const removed = await me.resource('BoardSectionResource', 'delete', { section_id: a.id });
    expect(removed.data.moved_pin_count).toBe(1);
    const after = await me.resource('PinResource', 'get', { id: pin });
    expect(after.data).toMatchObject({ section_id: null, board: { id: b.id } });
    expect((await me.resource('BoardResource', 'get', { board_id: b.id })).data.section_count).toBe(1);
    expect((await me.resource('BoardSectionResource', 'create', { board_id: b.id, title: 'x'.repeat(181) })).error?.message).toBe(
      'Please enter no more than 180 characters.',
    );
  });

  it("of a secret board answer 404 to others; another's section cannot be used", async () => {
    const secret = await board(me, 'Secret kitchen', 'secret');
    const s = (await me.resource('BoardSectionResource', 'create', { board_id: secret.id, title: 'Hidden' })).data;
    expect((await other.resource('BoardSectionResource', 'get', { section_id: s.id })).httpStatus).toBe(404);
    expect((await other.resource('BoardSectionsResource', 'get', { board_id: secret.id })).httpStatus).toBe(404);
    const mine = await board(other, 'Other board');
    const pin = await makePin(t.db, { pinnerId: meId, boardId: (await board(me, 'Public one')).id, image });
    const r = await other.resource('RepinResource', 'create', { pin_id: pin, board_id: mine.id, section_id: s.id });
    expect(r.httpStatus).toBe(404);
  });
});

describe('saving', () => {
  it("saves someone else's Pin to a board, a section and the profile, counting repins", async () => {
    const theirs = await board(other, 'Their board');
    const source = await makePin(t.db, { pinnerId: otherId, boardId: theirs.id, image, title: 'Blue door', description: 'A door' });
    const target = await board(me, 'Doors');
    const section = (await me.resource('BoardSectionResource', 'create', { board_id: target.id, title: 'Blue' })).data;
    const toSection = await me.resource('RepinResource', 'create', { pin_id: source, board_id: target.id, section_id: section.id });
    expect(toSection.data).toMatchObject({
      title: 'Blue door',
      is_repin: true,
      section_id: section.id,
      board: { id: target.id },
      pinner: { username: 'smme' },
    });
    expect(toSection.data.images).toEqual(image.images);
    const toProfile = await me.resource('RepinResource', 'create', { pin_id: source });
    expect(toProfile.data.board).toBeNull();
    const boardless = await t.client().resource('BoardlessPinsResource', 'get', { username: 'smme' });
    expect(ids(boardless)).toContain(toProfile.data.id);
    expect((await me.resource('PinResource', 'get', { id: source })).data.repin_count).toBe(2);
    expect((await me.resource('BoardResource', 'get', { board_id: target.id })).data.pin_count).toBe(1);
  });

  it('refuses saving a Pin one cannot see, to a board one cannot use, or signed out', async () => {
    const secret = await board(other, 'Their secret', 'secret');
    const hidden = await makePin(t.db, { pinnerId: otherId, boardId: secret.id, image });
    expect((await me.resource('RepinResource', 'create', { pin_id: hidden })).httpStatus).toBe(404);
    const visible = await makePin(t.db, { pinnerId: otherId, boardId: (await board(other, 'Their public')).id, image });
    expect((await me.resource('RepinResource', 'create', { pin_id: visible, board_id: secret.id })).httpStatus).toBe(404);
    const theirPublic = await board(other, 'Their other public');
    expect((await me.resource('RepinResource', 'create', { pin_id: visible, board_id: theirPublic.id })).httpStatus).toBe(403);
    expect((await t.client().resource('RepinResource', 'create', { pin_id: visible })).httpStatus).toBe(401);
  });
});

describe('editing and deleting Pins', () => {
  it('lets the pinner edit and move a Pin; others may not; the board owner may delete', async () => {
    const b1 = await board(me, 'Edit one');
    const b2 = await board(me, 'Edit two');
    const pin = await makePin(t.db, { pinnerId: meId, boardId: b1.id, image, title: 'Before' });
    const edited = await me.resource('PinResource', 'update', {
      id: pin,
      title: ' After ',
      description: 'New words',
      link: 'https://example.com/x',
      board_id: b2.id,
    });
    expect(edited.data).toMatchObject({ title: 'After', description: 'New words', link: 'https://example.com/x', board: { id: b2.id } });
    expect((await me.resource('BoardResource', 'get', { board_id: b1.id })).data.pin_count).toBe(0);
    expect((await me.resource('BoardResource', 'get', { board_id: b2.id })).data.pin_count).toBe(1);
    expect((await other.resource('PinResource', 'update', { id: pin, title: 'Hacked' })).httpStatus).toBe(403);
    expect((await other.resource('PinResource', 'delete', { id: pin })).httpStatus).toBe(403);
    expect((await me.resource('PinResource', 'update', { id: pin, link: 'nope' })).error?.message).toBe('Oops! Please enter a valid URL.');
    expect((await me.resource('PinResource', 'delete', { id: pin })).httpStatus).toBe(200);
    expect((await me.resource('PinResource', 'get', { id: pin })).httpStatus).toBe(404);
    expect((await me.resource('BoardResource', 'get', { board_id: b2.id })).data.pin_count).toBe(0);
  });
});

describe('moving Pins', () => {
  async function boardWithPins(n: number, name: string) {
    const b = await board(me, name);
    const pins: string[] = [];
    for (let i = 0; i < n; i++) pins.push(await makePin(t.db, { pinnerId: meId, boardId: b.id, image }));
    return { board: b, pins };
  }

  it('moves chosen Pins, refreshing both counts', async () => {
    const { board: from, pins } = await boardWithPins(5, 'Move from');
    const to = await board(me, 'Move to');
    const section = (await me.resource('BoardSectionResource', 'create', { board_id: to.id, title: 'Landing' })).data;
    const res = await me.resource('PinMoveResource', 'create', {
      board_id: from.id,
      new_board_id: to.id,
      new_section_id: section.id,
      pin_ids: pins.slice(0, 3),
    });
    expect(res.data.moved_count).toBe(3);
    expect(res.data.board).toMatchObject({ id: to.id, name: 'Move to', pin_count: 3 });
    expect(res.data.source_board.pin_count).toBe(2);
    expect(ids(await me.resource('BoardFeedResource', 'get', { board_id: to.id, section_id: section.id })).sort()).toEqual(pins.slice(0, 3).sort());
  });

  it('moves everything but the excluded Pins with select_all (inverse selection)', async () => {
    const { board: from, pins } = await boardWithPins(6, 'Select all from');
    const to = await board(me, 'Select all to');
    const res = await me.resource('PinMoveResource', 'create', {
      board_id: from.id,
      new_board_id: to.id,
      select_all: true,
      excluded_pin_ids: [pins[0], pins[1]],
    });
    expect(res.data.moved_count).toBe(4);
    expect(ids(await me.resource('BoardFeedResource', 'get', { board_id: from.id })).sort()).toEqual([pins[0], pins[1]].sort());
  });

  it('refuses identical source and target, empty selections and boards one may not use', async () => {
    const { board: from, pins } = await boardWithPins(1, 'Same place');
    const same = await me.resource('PinMoveResource', 'create', { board_id: from.id, new_board_id: from.id, pin_ids: pins });
    expect(same.httpStatus).toBe(400);
    expect((await me.resource('PinMoveResource', 'create', { board_id: from.id, new_board_id: '1', pin_ids: [] })).error?.field).toBe('pin_ids');
    const theirs = await board(other, 'Not yours');
    expect((await me.resource('PinMoveResource', 'create', { board_id: from.id, new_board_id: theirs.id, pin_ids: pins })).httpStatus).toBe(403);
    expect((await other.resource('PinMoveResource', 'create', { board_id: from.id, new_board_id: theirs.id, pin_ids: pins })).httpStatus).toBe(403);
  });

  it('answers 2171 while another action runs on the same board, and again works after it', async () => {
    const { board: from, pins } = await boardWithPins(2, 'Busy board');
    const to = await board(me, 'Busy target');
    await t.db.query('INSERT INTO board_action_claims (board_id) VALUES ($1)', [from.id]); // an action in progress
    const blocked = await me.resource('PinMoveResource', 'create', { board_id: from.id, new_board_id: to.id, pin_ids: [pins[0]] });
    expect(blocked.httpStatus).toBe(409);
    expect(blocked.error).toMatchObject({ code: ERROR_CODES.BOARD_ACTION_RUNNING.code, message: 'Please wait until the previous board action finishes.' });
    expect((await me.resource('PinResource', 'get', { id: pins[0]! })).data.board.id).toBe(from.id);
    // A claim left by an action that died is taken over after a minute.
    await t.db.query("UPDATE board_action_claims SET claimed_at = now() - interval '2 minutes' WHERE board_id = $1", [from.id]);
    expect((await me.resource('PinMoveResource', 'create', { board_id: from.id, new_board_id: to.id, pin_ids: [pins[0]] })).httpStatus).toBe(200);
    expect(await t.db.one('SELECT 1 FROM board_action_claims WHERE board_id = $1', [from.id])).toBeNull();
  });

  it('answers 2171 to a move that arrives while another action on the board is in flight', async () => {
    const { board: from, pins } = await boardWithPins(2, 'In flight');
    const to = await board(me, 'In flight target');
    let finish!: () => void;
    const running = withBoardClaims(t.db, [from.id], () => new Promise<void>((resolve) => (finish = resolve)));
    await new Promise((r) => setTimeout(r, 20)); // the first action now holds the board
    const second = await me.resource('PinMoveResource', 'create', { board_id: from.id, new_board_id: to.id, pin_ids: [pins[0]] });
    expect(second.error?.code).toBe(ERROR_CODES.BOARD_ACTION_RUNNING.code);
    finish();
    await running;
    const third = await me.resource('PinMoveResource', 'create', { board_id: from.id, new_board_id: to.id, pin_ids: [pins[0]] });
    expect(third.httpStatus).toBe(200);
  });

  it('keeps every Pin and count right when several moves on a board run at once (each 200 or 2171)', async () => {
    const { board: from, pins } = await boardWithPins(8, 'Concurrent from');
    const to = await board(me, 'Concurrent to');
    const results = await Promise.all(pins.map((pin) => me.resource('PinMoveResource', 'create', { board_id: from.id, new_board_id: to.id, pin_ids: [pin] })));
    const ok = results.filter((r) => r.httpStatus === 200);
    const busy = results.filter((r) => r.error?.code === ERROR_CODES.BOARD_ACTION_RUNNING.code);
    expect(ok.length + busy.length).toBe(pins.length);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    const moved = ok.flatMap((r) => r.data.moved_pin_ids);
    expect(ids(await me.resource('BoardFeedResource', 'get', { board_id: to.id })).sort()).toEqual(moved.sort());
    const counts = await t.db.query<{ id: string; pin_count: number; real: number }>(
      'SELECT b.id, b.pin_count, (SELECT count(*)::int FROM pins p WHERE p.board_id = b.id) AS real FROM boards b WHERE b.id = ANY($1::bigint[])',
      [[from.id, to.id]],
    );
    for (const c of counts) expect(c.pin_count).toBe(c.real);
  });

  it('bulk-deletes chosen Pins', async () => {
    const { board: from, pins } = await boardWithPins(3, 'Bulk delete');
    const res = await me.resource('PinBulkDeleteResource', 'delete', { board_id: from.id, pin_ids: [pins[0], pins[2]] });
    expect(res.data.deleted_count).toBe(2);
    expect(ids(await me.resource('BoardFeedResource', 'get', { board_id: from.id }))).toEqual([pins[1]]);
    expect((await me.resource('BoardResource', 'get', { board_id: from.id })).data.pin_count).toBe(1);
  });
});

describe('board picker', () => {
  it('lists the boards one can save to, most recently used first, searchable from 2 characters', async () => {
    const p = t.client();
    const pid = (await p.signUp({ email: 'picker@example.com', username: 'picker' })).id;
    const garden = await board(p, 'Garden ideas');
    const secret = await board(p, 'Secret garden', 'secret');
    const recipes = await board(p, 'Recipes');
    await makePin(t.db, { pinnerId: pid, boardId: garden.id, image });
    const shared = await board(other, 'Shared with picker');
    await addCollaborator(other, p, shared.id, pid);
    const all = await p.resource('BoardPickerBoardsResource', 'get', { field_set_key: 'board_picker', filter: 'all' });
    const names = all.data.all_boards.map((b: { name: string }) => b.name);
    expect(names[0]).toBe('Shared with picker');
    expect(names).toEqual(expect.arrayContaining(['Garden ideas', 'Secret garden', 'Recipes']));
    expect(all.data.boards_shortlist).toHaveLength(2);
    const search = await p.resource('BoardPickerBoardsResource', 'get', { query: 'ga' });
    expect(search.data.all_boards.map((b: { name: string }) => b.name).sort()).toEqual(['Garden ideas', 'Secret garden']);
    const oneChar = await p.resource('BoardPickerBoardsResource', 'get', { query: 'g' });
    expect(oneChar.data.all_boards.length).toBe(4);
    const advertiser = await p.resource('BoardPickerBoardsResource', 'get', { advertiser_id: '5' });
    expect(advertiser.data.all_boards.map((b: { id: string }) => b.id)).not.toContain(secret.id);
    expect((await t.client().resource('BoardPickerBoardsResource', 'get', {})).httpStatus).toBe(401);
    void recipes;
  });

  it('shortlists recent boards and suggests boards named like the Pin', async () => {
    const p = t.client();
    const pid = (await p.signUp({ email: 'short@example.com', username: 'shorty' })).id;
    const a = await board(p, 'Cats');
    const b = await board(p, 'Dogs');
    const c = await board(p, 'Kitchen tiles');
    await makePin(t.db, { pinnerId: pid, boardId: b.id, image });
    const pin = await makePin(t.db, { pinnerId: otherId, boardId: (await board(other, 'Their tiles')).id, image, title: 'Green kitchen tiles' });
    const res = await p.resource('BoardPickerBoardsShortlistResource', 'get', { pin_id: pin, shortlist_length: 2, num_shortlist_suggestions: 2 });
    const names = res.data.map((x: { name: string }) => x.name);
    expect(names.slice(0, 2)).toEqual(['Dogs', 'Kitchen tiles']);
    void a;
    void c;
  });
});
