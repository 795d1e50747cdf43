import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStoredImage, makePin, type StoredImage } from '../src/seed/factories';
import { addCollaborator } from './collaborators';
import { buildTestApp, type TestApp, type TestClient } from './test-app';

let t: TestApp;
let owner: TestClient;
let ownerId: string;
let collaborator: TestClient;
let collaboratorId: string;
let stranger: TestClient;
let image: StoredImage;

beforeAll(async () => {
  t = await buildTestApp();
  owner = t.client();
  collaborator = t.client();
  stranger = t.client();
  ownerId = (await owner.signUp({ email: 'b-owner@example.com', username: 'bowner', full_name: 'Bea Owner' })).id;
  collaboratorId = (await collaborator.signUp({ email: 'b-collab@example.com', username: 'bcollab' })).id;
  await stranger.signUp({ email: 'b-stranger@example.com', username: 'bstranger' });
  image = await makeStoredImage(t.media, { seed: 2, width: 300, height: 300 });
});
afterAll(() => t.close());

const create = (c: TestClient, options: Record<string, unknown>) => c.resource('BoardResource', 'create', options);

describe('creating boards', () => {
  it('trims, applies the new-board defaults and makes a unique slug', async () => {
    const a = await create(owner, { name: '  Summer Trips ', description: ' beaches ', aux_data: { source: 'profile' } });
    expect(a.data).toMatchObject({
      name: 'Summer Trips',
      description: 'beaches',
      privacy: 'public',
      category: 'other',
      url: '/bowner/summer-trips/',
      collab_board_email: true,
      collaborator_invites_enabled: false,
      is_collaborative: false,
    });
    const same = await create(owner, { name: 'Summer Trips' });
    expect(same.httpStatus).toBe(409);
    const similar = await create(owner, { name: 'Summer trips!' });
    expect(similar.data.url).toBe('/bowner/summer-trips-2/');
  });

  it('enforces the limits with the spec texts', async () => {
    expect((await create(owner, { name: '   ' })).error?.message).toBe("Don't forget to name your board!");
    expect((await create(owner, { name: 'x'.repeat(51) })).error?.message).toBe('Please enter no more than 50 characters.');
    expect((await create(owner, { name: 'ok', description: 'x'.repeat(501) })).error?.message).toBe('Please enter no more than 500 characters.');
    expect((await create(owner, { name: 'ok', aux_data: { source: 'nowhere' } })).error?.field).toBe('aux_data.source');
  });
});

describe('editing, archiving and deleting', () => {
  it('lets the owner edit and move to secret; others are refused', async () => {
    const board = (await create(owner, { name: 'Editable' })).data;
    const edited = await owner.resource('BoardResource', 'update', { board_id: board.id, name: 'Edited', description: 'new', privacy: 'secret' });
    expect(edited.data).toMatchObject({ name: 'Edited', url: '/bowner/edited/', description: 'new', privacy: 'secret' });
    expect((await stranger.resource('BoardResource', 'update', { board_id: board.id, name: 'Mine' })).httpStatus).toBe(404);
    await owner.resource('BoardResource', 'update', { board_id: board.id, privacy: 'public' });
    expect((await stranger.resource('BoardResource', 'update', { board_id: board.id, name: 'Mine' })).httpStatus).toBe(403);
  });

  it('gives collaborators only their notification settings, with the spec note', async () => {
    const board = (await create(owner, { name: 'Shared' })).data;
    expect((await addCollaborator(owner, collaborator, board.id, collaboratorId)).httpStatus).toBe(200);
    const own = await collaborator.resource('BoardResource', 'update', { board_id: board.id, collab_board_email: false });
    expect(own.httpStatus).toBe(200);
    const rename = await collaborator.resource('BoardResource', 'update', { board_id: board.id, name: 'Taken over' });
    expect(rename.httpStatus).toBe(403);
    expect(rename.error?.message).toBe("Only the board's owner (Bea Owner) can manage the rest of its features");
    expect((await collaborator.resource('BoardResource', 'delete', { board_id: board.id })).httpStatus).toBe(403);
    expect((await owner.resource('BoardResource', 'get', { board_id: board.id })).data.is_collaborative).toBe(true);
  });

  it('archives and unarchives; archived boards leave the profile list for others', async () => {
    const board = (await create(owner, { name: 'Old stuff' })).data;
    const archived = await owner.resource('BoardResource', 'update', { board_id: board.id, archived: true });
    expect(archived.data.archived_by_me_at).toBeTruthy();
    expect(archived.data.profileGroup).toBe('archived');
    const seen = await stranger.resource('BoardsResource', 'get', { username: 'bowner', page_size: 100 });
    expect(seen.data.map((b: { id: string }) => b.id)).not.toContain(board.id);
    const mine = await owner.resource('BoardsResource', 'get', { username: 'bowner', filter_types: ['ARCHIVED'] });
    expect(mine.data.map((b: { id: string }) => b.id)).toEqual([board.id]);
    await owner.resource('BoardResource', 'update', { board_id: board.id, archived: false });
    const again = await stranger.resource('BoardsResource', 'get', { username: 'bowner', page_size: 100 });
    expect(again.data.map((b: { id: string }) => b.id)).toContain(board.id);
  });

  it('deletes with a 7-day restore window, then purges the board, its Pins and unused images', async () => {
    const board = (await create(owner, { name: 'Doomed' })).data;
    const pinId = await makePin(t.db, { pinnerId: ownerId, boardId: board.id, image: await makeStoredImage(t.media, { seed: 77, width: 200, height: 200 }) });
    const pin = (await owner.resource('PinResource', 'get', { id: pinId })).data;
    const gone = await owner.resource('BoardResource', 'delete', { board_id: board.id });
    expect(gone.data).toEqual({ id: board.id, days_to_restore: 7 });
    expect((await owner.resource('BoardResource', 'get', { board_id: board.id })).httpStatus).toBe(404);
    expect((await owner.resource('PinResource', 'get', { id: pinId })).httpStatus).toBe(404);
    const deleted = await owner.resource('DeletedBoardsResource', 'get');
    expect(deleted.data.find((b: { id: string }) => b.id === board.id)).toMatchObject({ name: 'Doomed', days_left: 7 });
    expect((await stranger.resource('BoardRestoreResource', 'create', { board_id: board.id })).httpStatus).toBe(404);
    const restored = await owner.resource('BoardRestoreResource', 'create', { board_id: board.id });
    expect(restored.data).toMatchObject({ name: 'Doomed', pin_count: 1 });
    // Delete again and age it past the window.
    await owner.resource('BoardResource', 'delete', { board_id: board.id });
    await t.db.query("UPDATE boards SET deleted_at = now() - interval '8 days' WHERE id = $1", [board.id]);
    expect((await owner.resource('BoardRestoreResource', 'create', { board_id: board.id })).httpStatus).toBe(404);
    const { createServices } = await import('../src/services');
    const services = createServices({ config: t.config, db: t.db, media: t.media, limiter: { close: async () => {} } as never });
    expect(await services.boards.purgeExpired()).toBeGreaterThanOrEqual(1);
    expect(await t.db.one('SELECT 1 FROM boards WHERE id = $1', [board.id])).toBeNull();
    expect(await t.db.one('SELECT 1 FROM pins WHERE id = $1', [pinId])).toBeNull();
    expect(await t.media.get(pin.images['236x'].url.replace('/media/', ''))).toBeNull();
  });
});

describe('listing boards', () => {
  it('sorts for the owner as asked, remembers the order, and always last_pinned_to for others', async () => {
    const u = t.client();
    const uid = (await u.signUp({ email: 'sorter@example.com', username: 'sorter' })).id;
    const ids: Record<string, string> = {};
    for (const name of ['Apple', 'Cherry', 'Banana']) ids[name] = (await create(u, { name })).data.id;
    await makePin(t.db, { pinnerId: uid, boardId: ids.Cherry!, image }); // Cherry was pinned to last
    const names = (r: { data?: { name: string }[] }) => (r.data ?? []).map((b) => b.name);
    expect(names(await u.resource('BoardsResource', 'get', { username: 'sorter', sort: 'alphabetical' }))).toEqual(['Apple', 'Banana', 'Cherry']);
    expect(names(await u.resource('BoardsResource', 'get', { username: 'sorter', sort: 'last_pinned_to' }))).toEqual(['Cherry', 'Banana', 'Apple']);
    await u.resource('UserMetadataResource', 'update', { most_recent_board_sort_order: 'alphabetical' });
    expect(names(await u.resource('BoardsResource', 'get', { username: 'sorter' }))).toEqual(['Apple', 'Banana', 'Cherry']);
    const others = await t.client().resource('BoardsResource', 'get', { username: 'sorter', sort: 'alphabetical' });
    expect(names(others)).toEqual(['Cherry', 'Banana', 'Apple']);
  });

  it('pages with a keyset bookmark in every order', async () => {
    const u = t.client();
    await u.signUp({ email: 'pager@example.com', username: 'pager' });
    for (let i = 0; i < 7; i++) await create(u, { name: `Board ${String.fromCharCode(71 - i)}` });
    for (const sort of ['alphabetical', 'last_pinned_to', 'custom']) {
      const seen: string[] = [];
      let bookmark: string | null = null;
      do {
        const page: { data?: { name: string }[]; bookmark?: string | null } = await u.resource('BoardsResource', 'get', {
          username: 'pager',
          sort,
          page_size: 3,
          ...(bookmark ? { bookmark } : {}),
        });
        seen.push(...(page.data ?? []).map((b) => b.name));
        bookmark = page.bookmark ?? null;
      } while (bookmark);
      expect(new Set(seen).size, sort).toBe(7);
      if (sort === 'alphabetical') expect(seen).toEqual([...seen].sort());
    }
  });

  it('persists densities and the per-board sort order in user metadata', async () => {
    const res = await owner.resource('UserMetadataResource', 'update', {
      board_pin_rep_view_type: 'dense',
      board_sort_order: { board_id: '1', order: 'custom' },
      save_behavior: 0,
    });
    expect(res.data).toMatchObject({ board_pin_rep_view_type: 'dense', board_sort_orders: { '1': 'custom' }, save_behavior: 0 });
    expect((await owner.resource('UserSessionResource', 'get')).data.save_behavior).toBe(0);
    expect((await owner.resource('UserMetadataResource', 'update', { board_pin_rep_view_type: 'tiny' })).httpStatus).toBe(400);
  });
});
