/**
 * Profile settings and the own profile's Pin filters: allow_messages and the
 * account country (Viewer, own profile, settings), the Message rule "both
 * allow messaging", favourites, the filtered and created-only feeds, the
 * boardless total and people search's follow state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBoard, makeCollaborator, makePin, makeStoredImage, type StoredImage } from '../src/seed/factories';
import { buildTestApp, type TestApp, type TestClient } from './test-app';

let t: TestApp;
let image: StoredImage;
beforeAll(async () => {
  t = await buildTestApp();
  image = await makeStoredImage(t.media, { seed: 55, width: 300, height: 400 });
});
afterAll(() => t.close());

async function person(username: string): Promise<[TestClient, string]> {
  const c = t.client();
  const { id } = await c.signUp({ email: `${username}@example.com`, username, full_name: `${username} Person` });
  return [c, id];
}

const ids = (data: { id: string }[]) => data.map((p) => p.id);

/** Every page of a feed (resource or spec path), following bookmarks. */
async function walk(read: (bookmark: string | null) => Promise<{ httpStatus: number; data?: { id: string }[]; bookmark?: string | null }>) {
  const seen: string[] = [];
  let bookmark: string | null = null;
  for (let pages = 0; pages < 50; pages++) {
    const res = await read(bookmark);
    expect(res.httpStatus).toBe(200);
    seen.push(...ids(res.data ?? []));
    bookmark = res.bookmark ?? null;
    if (!bookmark) break;
  }
  return seen;
}

describe('show_creator_profile', () => {
  it('is true once the person has published a Pin of their own, not for saves alone', async () => {
    const [, saverId] = await person('only_saves');
    const [, makerId] = await person('makes_pins');
    const creator = async (username: string) => (await t.client().resource('UserResource', 'get', { username })).data.show_creator_profile as boolean;
    const made = await makePin(t.db, { pinnerId: makerId, image });
    await makePin(t.db, { pinnerId: saverId, image, parentPinId: made });
    expect(await creator('makes_pins')).toBe(true);
    expect(await creator('only_saves')).toBe(false);
  });
});

describe('allow_messages', () => {
  it('is in the Viewer and on the own profile only, and settable', async () => {
    const [me] = await person('msgset');
    await person('msgother');
    expect((await me.resource('UserSessionResource', 'get')).data).toMatchObject({ allow_messages: true });
    expect((await me.resource('UserResource', 'get', { username: 'msgset' })).data).toMatchObject({ allow_messages: true });
    expect((await me.resource('UserResource', 'get', { username: 'msgother' })).data).not.toHaveProperty('allow_messages');

    const updated = await me.resource('UserResource', 'update', { allow_messages: false });
    expect(updated.httpStatus).toBe(200);
    expect(updated.data).toMatchObject({ allow_messages: false });
    expect((await me.resource('UserSessionResource', 'get')).data).toMatchObject({ allow_messages: false });
  });

  it('shows messaging only when both allow it', async () => {
    const [a] = await person('both_a');
    const [b] = await person('both_b');
    const showsFor = async (viewer: TestClient, username: string) =>
      (await viewer.resource('UserResource', 'get', { username })).data.should_show_messaging as boolean;

    expect(await showsFor(a, 'both_b')).toBe(true);
    expect(await showsFor(t.client(), 'both_b')).toBe(false);

    await a.resource('UserResource', 'update', { allow_messages: false });
    expect(await showsFor(a, 'both_b')).toBe(false);
    expect(await showsFor(b, 'both_a')).toBe(false);

    await a.resource('UserResource', 'update', { allow_messages: true });
    await b.resource('UserResource', 'update', { allow_messages: false });
    expect(await showsFor(a, 'both_b')).toBe(false);
    expect(await showsFor(b, 'both_a')).toBe(false);

    await b.resource('UserResource', 'update', { allow_messages: true });
    expect(await showsFor(a, 'both_b')).toBe(true);
  });
});

describe('account country', () => {
  it('is in the Viewer, settable from the list of ISO codes, and refused otherwise', async () => {
    const [me, meId] = await person('countryset');
    expect((await me.resource('UserSessionResource', 'get')).data).toMatchObject({ country: 'US' });

    const set = await me.resource('UserResource', 'update', { country: 'de' });
    expect(set.httpStatus).toBe(200);
    expect(set.data).toMatchObject({ country: 'DE' });
    expect((await me.resource('UserSessionResource', 'get')).data).toMatchObject({ country: 'DE' });

    const wrong = await me.resource('UserResource', 'update', { country: 'XX' });
    expect(wrong.httpStatus).toBe(400);
    expect(wrong.error).toMatchObject({ field: 'country' });
    const notCountry = await me.resource('UserResource', 'update', { country: 'EU' });
    expect(notCountry.httpStatus).toBe(400);
    expect(await t.db.one<{ country: string }>('SELECT country FROM users WHERE id = $1', [meId])).toEqual({ country: 'DE' });

    // Someone else's profile does not tell their country.
    const [other] = await person('countryother');
    expect((await other.resource('UserResource', 'get', { username: 'countryset' })).data).not.toHaveProperty('country');
    expect((await t.client().resource('UserResource', 'update', { country: 'FR' })).httpStatus).toBe(401);
  });
});

describe('boardless total', () => {
  it('counts every boardless Pin, not one page of them', async () => {
    const [me, meId] = await person('quicksaver');
    const board = await makeBoard(t.db, meId, { name: 'Organized' });
    for (let i = 0; i < 30; i++) await makePin(t.db, { pinnerId: meId, image });
    await makePin(t.db, { pinnerId: meId, boardId: board.id, image });
    const page = await me.resource('BoardlessPinsResource', 'get', { username: 'quicksaver', page_size: 6 });
    expect(page.data).toHaveLength(6);
    expect((await me.resource('UserResource', 'get', { username: 'quicksaver' })).data).toMatchObject({ quick_saves_pin_count: 30 });
  });
});

describe('favourites', () => {
  it('the owner marks and unmarks their own Pin; the closeup tells them', async () => {
    const [me, meId] = await person('favowner');
    const pinId = await makePin(t.db, { pinnerId: meId, image, title: 'mine' });
    expect((await me.resource('PinResource', 'get', { id: pinId })).data).toMatchObject({ is_favorite: false });

    const marked = await me.resource('PinFavoriteResource', 'create', { pin_id: pinId });
    expect(marked.httpStatus).toBe(200);
    expect(marked.data).toEqual({ pin_id: pinId, is_favorite: true });
    expect((await me.resource('PinResource', 'get', { id: pinId })).data).toMatchObject({ is_favorite: true });
    // Marking twice is fine.
    expect((await me.resource('PinFavoriteResource', 'create', { pin_id: pinId })).httpStatus).toBe(200);

    // Others never learn about it.
    const [other] = await person('favpeek');
    expect((await other.resource('PinResource', 'get', { id: pinId })).data).not.toHaveProperty('is_favorite');
    expect((await t.client().request('GET', `/v3/pins/${pinId}/`)).json().data).not.toHaveProperty('is_favorite');

    const unmarked = await me.resource('PinFavoriteResource', 'delete', { pin_id: pinId });
    expect(unmarked.data).toEqual({ pin_id: pinId, is_favorite: false });
    expect((await me.resource('PinResource', 'get', { id: pinId })).data).toMatchObject({ is_favorite: false });
  });

  it("cannot be set on someone else's Pin, on one the viewer cannot see, or signed out", async () => {
    const [, ownerId] = await person('favtarget');
    const [intruder, intruderId] = await person('favintruder');
    const theirs = await makePin(t.db, { pinnerId: ownerId, image });
    const secretBoard = await makeBoard(t.db, ownerId, { name: 'Hidden', privacy: 'secret' });
    const hidden = await makePin(t.db, { pinnerId: ownerId, boardId: secretBoard.id, image });

    const refused = await intruder.resource('PinFavoriteResource', 'create', { pin_id: theirs });
    expect(refused.httpStatus).toBe(403);
    expect((await intruder.resource('PinFavoriteResource', 'delete', { pin_id: theirs })).httpStatus).toBe(403);
    expect((await intruder.resource('PinFavoriteResource', 'create', { pin_id: hidden })).httpStatus).toBe(404);
    expect((await intruder.resource('PinFavoriteResource', 'create', { pin_id: '123456789' })).httpStatus).toBe(404);
    expect((await t.client().resource('PinFavoriteResource', 'create', { pin_id: theirs })).httpStatus).toBe(401);
    expect(await t.db.one('SELECT 1 FROM pin_favorites WHERE user_id = $1', [intruderId])).toBeNull();
  });
});

describe('the own filtered Pins (/v3/users/me/filtered/pins/)', () => {
  it('serves favourites, created, both and none, newest first, keyset-paged, never anyone else’s or invisible Pins', async () => {
    const [me, meId] = await person('filterer');
    const [other, otherId] = await person('filterother');
    const myBoard = await makeBoard(t.db, meId, { name: 'Mine' });
    const otherOriginal = await makePin(t.db, { pinnerId: otherId, image, title: 'theirs' });

    const made1 = await makePin(t.db, { pinnerId: meId, boardId: myBoard.id, image, title: 'made 1' });
    const saved1 = await makePin(t.db, { pinnerId: meId, boardId: myBoard.id, image, parentPinId: otherOriginal, title: 'saved 1' });
    const made2 = await makePin(t.db, { pinnerId: meId, image, title: 'made 2 (boardless)' });
    const saved2 = await makePin(t.db, { pinnerId: meId, image, parentPinId: otherOriginal, title: 'saved 2' });

    // Pins of mine the viewer can no longer see: on a deleted board, and on a secret board of
    // someone else whose collaborator I no longer am.
    const gone = await makeBoard(t.db, meId, { name: 'Gone' });
    const onGone = await makePin(t.db, { pinnerId: meId, boardId: gone.id, image });
    const theirSecret = await makeBoard(t.db, otherId, { name: 'Their secret', privacy: 'secret' });
    await makeCollaborator(t.db, theirSecret.id, meId);
    const onTheirSecret = await makePin(t.db, { pinnerId: meId, boardId: theirSecret.id, image });

    // Someone else's Pins, favourited by them.
    const otherMade = await makePin(t.db, { pinnerId: otherId, image });
    await other.resource('PinFavoriteResource', 'create', { pin_id: otherMade });

    for (const id of [made1, saved2, onGone, onTheirSecret]) {
      expect((await me.resource('PinFavoriteResource', 'create', { pin_id: id })).httpStatus).toBe(200);
    }
    await t.db.query('UPDATE boards SET deleted_at = now() WHERE id = $1', [gone.id]);
    await t.db.query('DELETE FROM board_collaborators WHERE board_id = $1 AND user_id = $2', [theirSecret.id, meId]);

    const viaResource = (flag_filters?: string, page_size = 2) =>
      walk((bookmark) =>
        me.resource('UserFilteredPinsResource', 'get', { ...(flag_filters ? { flag_filters } : {}), page_size, ...(bookmark ? { bookmark } : {}) }),
      );
    const viaSpecPath = (flag_filters: string) =>
      walk(async (bookmark) => {
        const query = new URLSearchParams({ flag_filters, page_size: '1', ...(bookmark ? { bookmark } : {}) });
        const res = await me.request('GET', `/v3/users/me/filtered/pins/?${query}`);
        const body = res.json() as { status: string; data: { id: string }[]; bookmark: string | null };
        expect(body.status).toBe('success');
        return { httpStatus: res.statusCode, data: body.data, bookmark: body.bookmark };
      });

    expect(await viaResource('FAVORITED')).toEqual([saved2, made1]);
    expect(await viaResource('CREATED_BY_ME')).toEqual([made2, made1]);
    expect(await viaResource('FAVORITED_AND_CREATED_BY_ME')).toEqual([made1]);
    expect(await viaResource('none')).toEqual([saved2, made2, saved1, made1]);
    expect(await viaResource()).toEqual([saved2, made2, saved1, made1]);
    expect(await viaSpecPath('FAVORITED')).toEqual([saved2, made1]);
    expect(await viaSpecPath('CREATED_BY_ME')).toEqual([made2, made1]);

    // Nothing to see: an empty first page with no bookmark.
    const [empty] = await person('filterempty');
    const nothing = await empty.resource('UserFilteredPinsResource', 'get', { flag_filters: 'FAVORITED' });
    expect(nothing).toMatchObject({ httpStatus: 200, data: [], bookmark: null });

    // The other person's own favourites stay theirs.
    expect(
      await walk((bookmark) => other.resource('UserFilteredPinsResource', 'get', { flag_filters: 'FAVORITED', ...(bookmark ? { bookmark } : {}) })),
    ).toEqual([otherMade]);
  });

  it('needs a session and a known flag', async () => {
    expect((await t.client().resource('UserFilteredPinsResource', 'get', { flag_filters: 'FAVORITED' })).httpStatus).toBe(401);
    const anon = await t.client().request('GET', '/v3/users/me/filtered/pins/?flag_filters=FAVORITED');
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toMatchObject({ status: 'failure' });
    const [me] = await person('filterbad');
    const bad = await me.request('GET', '/v3/users/me/filtered/pins/?flag_filters=COLORS_AND_MORE');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 'failure', field: 'flag_filters' });
  });
});

describe('the Created tab feed (UserCreatedPinsResource)', () => {
  it('keeps only Pins the person made, and only those the viewer may see', async () => {
    const [maker, makerId] = await person('creator');
    const [, sourceId] = await person('creatorsource');
    const publicBoard = await makeBoard(t.db, makerId, { name: 'Public' });
    const secretBoard = await makeBoard(t.db, makerId, { name: 'Secret', privacy: 'secret' });
    const source = await makePin(t.db, { pinnerId: sourceId, image });
    const made = await makePin(t.db, { pinnerId: makerId, boardId: publicBoard.id, image });
    const madeBoardless = await makePin(t.db, { pinnerId: makerId, image });
    await makePin(t.db, { pinnerId: makerId, boardId: publicBoard.id, image, parentPinId: source });
    const madeSecret = await makePin(t.db, { pinnerId: makerId, boardId: secretBoard.id, image });

    const read = (c: TestClient) =>
      walk((bookmark) => c.resource('UserCreatedPinsResource', 'get', { username: 'creator', page_size: 1, ...(bookmark ? { bookmark } : {}) }));
    expect(await read(t.client())).toEqual([madeBoardless, made]);
    expect(await read(maker)).toEqual([madeSecret, madeBoardless, made]);
    expect((await t.client().resource('UserCreatedPinsResource', 'get', { username: 'nobody_here' })).httpStatus).toBe(404);
  });

  it('keeps a private profile closed to people who do not follow it', async () => {
    const [, privId] = await person('privcreator');
    await t.db.query('UPDATE users SET is_private_profile = true WHERE id = $1', [privId]);
    await makePin(t.db, { pinnerId: privId, image });
    const page = await t.client().resource('UserCreatedPinsResource', 'get', { username: 'privcreator' });
    expect(page).toMatchObject({ httpStatus: 200, data: [] });
  });
});

describe('people search', () => {
  it('tells whether the viewer follows each person', async () => {
    const [me] = await person('searcher');
    const [, followedId] = await person('zanzibar_one');
    await person('zanzibar_two');
    await me.resource('UserFollowResource', 'create', { user_id: followedId });
    const found = await me.resource('BaseSearchResource', 'get', { query: 'zanzibar', scope: 'users' });
    const byName = Object.fromEntries(
      found.data.map((u: { username: string; explicitly_followed_by_me: boolean }) => [u.username, u.explicitly_followed_by_me]),
    );
    expect(byName).toEqual({ zanzibar_one: true, zanzibar_two: false });
    const anon = await t.client().resource('BaseSearchResource', 'get', { query: 'zanzibar', scope: 'users' });
    expect(anon.data.every((u: { explicitly_followed_by_me: boolean }) => u.explicitly_followed_by_me === false)).toBe(true);
  });
});
