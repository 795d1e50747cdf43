import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follow, followBoard, makeBoard, makePin, makeStoredImage, makeUser, type StoredImage } from '../src/seed/factories';
import { feedsRepo } from '../src/modules/feeds/feeds.repo';
import { buildTestApp, type TestApp, type TestClient } from './test-app';

let t: TestApp;
let me: TestClient;
let meId: string;
let image: StoredImage;

beforeAll(async () => {
  t = await buildTestApp();
  me = t.client();
  meId = (await me.signUp({ email: 'feeds@example.com', username: 'feeder' })).id;
  image = await makeStoredImage(t.media, { seed: 5, width: 300, height: 450 });
});
afterAll(() => t.close());

async function walk(c: TestClient, resource: string, options: Record<string, unknown>) {
  const seen: string[] = [];
  let bookmark: string | null | undefined;
  for (let pages = 0; pages < 50; pages++) {
    const res = await c.resource(resource, 'get', { ...options, ...(bookmark ? { bookmark } : {}) });
    expect(res.httpStatus).toBe(200);
    seen.push(...res.data.map((p: { id: string }) => p.id));
    bookmark = res.bookmark;
    if (!bookmark) break;
  }
  return seen;
}

describe('keyset paging', () => {
  it('walks a board newest first with no gaps or repeats, and ends without a bookmark', async () => {
    const board = await makeBoard(t.db, meId, { name: 'Many' });
    const made: string[] = [];
    for (let i = 0; i < 23; i++) made.push(await makePin(t.db, { pinnerId: meId, boardId: board.id, image, title: `n${i}` }));
    const seen = await walk(me, 'BoardFeedResource', { board_id: board.id, page_size: 5 });
    expect(seen).toEqual([...made].reverse());
    const first = await me.resource('BoardFeedResource', 'get', { board_id: board.id, page_size: 23 });
    expect(first.bookmark).toBeNull();
  });

  it('pages stay stable when new Pins arrive between pages', async () => {
    const board = await makeBoard(t.db, meId, { name: 'Stable' });
    for (let i = 0; i < 6; i++) await makePin(t.db, { pinnerId: meId, boardId: board.id, image });
    const page1 = await me.resource('BoardFeedResource', 'get', { board_id: board.id, page_size: 3 });
    await makePin(t.db, { pinnerId: meId, boardId: board.id, image });
    const page2 = await me.resource('BoardFeedResource', 'get', { board_id: board.id, page_size: 3, bookmark: page1.bookmark });
    const ids1 = page1.data.map((p: { id: string }) => p.id);
    const ids2 = page2.data.map((p: { id: string }) => p.id);
    expect(ids2).toHaveLength(3);
    expect(ids1.filter((id: string) => ids2.includes(id))).toEqual([]);
  });
});

describe('home feed', () => {
  it("shows one's own Pins and followed people's, newest first, and not strangers'", async () => {
    const friend = await makeUser(t.db, { username: 'friend' });
    const stranger = await makeUser(t.db, { username: 'stranger' });
    await follow(t.db, meId, friend.id);
    const friendBoard = await makeBoard(t.db, friend.id, { name: 'Friend board' });
    const strangerBoard = await makeBoard(t.db, stranger.id, { name: 'Stranger board' });
    const mine = await makePin(t.db, { pinnerId: meId, image, title: 'mine' });
    const fromFriend = await makePin(t.db, { pinnerId: friend.id, boardId: friendBoard.id, image, title: 'friend' });
    const fromStranger = await makePin(t.db, { pinnerId: stranger.id, boardId: strangerBoard.id, image, title: 'stranger' });
    const ids = await walk(me, 'UserHomefeedResource', { page_size: 10 });
    expect(ids.indexOf(fromFriend)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(fromFriend)).toBeLessThan(ids.indexOf(mine));
    expect(ids).not.toContain(fromStranger);
    // Signed out, the home feed is everything public.
    const anonIds = await walk(t.client(), 'UserHomefeedResource', { page_size: 50 });
    expect(anonIds).toContain(fromStranger);
  });
});

describe('home feed from its sources', () => {
  it("finds older visible Pins behind a followed person's newest hidden ones, across pages", async () => {
    const viewer = t.client();
    const viewerId = (await viewer.signUp({ email: 'sources@example.com', username: 'sourcer' })).id;
    const hider = await makeUser(t.db, { username: 'src_hider' });
    const plain = await makeUser(t.db, { username: 'src_plain' });
    const curator = await makeUser(t.db, { username: 'src_curator' });
    const lapsed = await makeUser(t.db, { username: 'src_lapsed' });
    await follow(t.db, viewerId, hider.id);
    await follow(t.db, viewerId, plain.id);
    const hiderPublic = await makeBoard(t.db, hider.id, { name: 'Out in the open' });
    const hiderSecret = await makeBoard(t.db, hider.id, { name: 'Kept close', privacy: 'secret' });
    const plainBoard = await makeBoard(t.db, plain.id, { name: 'Plain' });
    const curated = await makeBoard(t.db, curator.id, { name: 'Curated' });
    const lapsedBoard = await makeBoard(t.db, lapsed.id, { name: 'Gone secret' });
    await followBoard(t.db, viewerId, curated.id);
    await followBoard(t.db, viewerId, lapsedBoard.id);

    const expected: string[] = [];
    const pin = async (pinnerId: string, boardId: string | undefined, visible: boolean) => {
      const id = await makePin(t.db, { pinnerId, ...(boardId ? { boardId } : {}), image });
      if (visible) expected.push(id);
    };
    for (let i = 0; i < 4; i++) await pin(hider.id, hiderPublic.id, true);
    await pin(viewerId, undefined, true);
    for (let i = 0; i < 3; i++) await pin(plain.id, plainBoard.id, true);
    await pin(curator.id, curated.id, true);
    await pin(curator.id, undefined, false); // the curator is not followed, only one board of theirs
    await pin(lapsed.id, lapsedBoard.id, false);
    // The followed person's newest Pins, more than a page of them, are on a secret board.
    for (let i = 0; i < 9; i++) await pin(hider.id, hiderSecret.id, false);
    await pin(plain.id, plainBoard.id, true);
    await t.db.query("UPDATE boards SET privacy = 'secret' WHERE id = $1", [lapsedBoard.id]);

    const newestFirst = [...expected].sort((a, b) => (BigInt(b) > BigInt(a) ? 1 : -1));
    expect(await walk(viewer, 'UserHomefeedResource', { page_size: 3 })).toEqual(newestFirst);
    expect(await walk(viewer, 'UserHomefeedResource', { page_size: 25 })).toEqual(newestFirst);
  });

  it("never skips a followed person's older Pins behind their newest ones the viewer may not see", async () => {
    const viewer = t.client();
    const viewerId = (await viewer.signUp({ email: 'behind@example.com', username: 'behinder' })).id;
    const early = await makeUser(t.db, { username: 'behind_early' });
    const late = await makeUser(t.db, { username: 'behind_late' });
    await follow(t.db, viewerId, early.id);
    await follow(t.db, viewerId, late.id);
    const earlyBoard = await makeBoard(t.db, early.id, { name: 'Early' });
    const lateBoard = await makeBoard(t.db, late.id, { name: 'Late' });
    const lateSecret = await makeBoard(t.db, late.id, { name: 'Late secret', privacy: 'secret' });
    const expected: string[] = [];
    for (let i = 0; i < 3; i++) expected.push(await makePin(t.db, { pinnerId: early.id, boardId: earlyBoard.id, image }));
    for (let i = 0; i < 3; i++) expected.push(await makePin(t.db, { pinnerId: late.id, boardId: lateBoard.id, image }));
    // More than a window (26 ids) of the late person's newest Pins are secret: the page must look past them.
    for (let i = 0; i < 30; i++) await makePin(t.db, { pinnerId: late.id, boardId: lateSecret.id, image });
    const newestFirst = [...expected].reverse();
    expect(await walk(viewer, 'UserHomefeedResource', { page_size: 3 })).toEqual(newestFirst);
    expect(await walk(viewer, 'UserHomefeedResource', { page_size: 2 })).toEqual(newestFirst);
  });

  it('answers from the newest Pin ids of each source, and reads the sources row by row only when those may not suffice', async () => {
    const { countQueries } = await import('./db-observers');
    const reader = t.client();
    const viewerId = (await reader.signUp({ email: 'plan@example.com', username: 'planner' })).id;
    const friends = [];
    for (let i = 0; i < 12; i++) {
      const friend = await makeUser(t.db, { username: `plan_friend_${i}` });
      await follow(t.db, viewerId, friend.id);
      friends.push(friend);
    }
    const open = await makeBoard(t.db, friends[0]!.id, { name: 'Open' });
    const closed = await makeBoard(t.db, friends[0]!.id, { name: 'Closed', privacy: 'secret' });
    const shown: string[] = [];
    for (let i = 0; i < 6; i++) shown.push(await makePin(t.db, { pinnerId: friends[0]!.id, boardId: open.id, image }));
    const exactRuns = countQueries(t, (sql) => sql.includes('WITH exact AS'));
    const page = async () => {
      const res = await reader.resource('UserHomefeedResource', 'get', { page_size: 4 });
      expect(res.httpStatus).toBe(200);
      return res.data.map((p: { id: string }) => p.id) as string[];
    };
    expect((await feedsRepo.home(t.db, viewerId, null, 5)).stands).toBe(true);
    expect(await page()).toEqual([...shown].reverse().slice(0, 4));
    expect(exactRuns.count).toBe(0);
    // Now the friend's newest Pins are all secret: their window of ids (26) holds nothing the viewer may see.
    for (let i = 0; i < 30; i++) await makePin(t.db, { pinnerId: friends[0]!.id, boardId: closed.id, image });
    const first = await feedsRepo.home(t.db, viewerId, null, 5);
    expect(first.stands).toBe(false);
    expect(first.rows).toEqual([]);
    expect(await page()).toEqual([...shown].reverse().slice(0, 4));
    expect(exactRuns.count).toBe(1);
  });

  it('does not let a page stand that fell short among the newest ids when the windows held more', async () => {
    const { countQueries } = await import('./db-observers');
    const reader = t.client();
    const viewerId = (await reader.signUp({ email: 'cropped@example.com', username: 'cropped_reader' })).id;
    // Six people with 20 Pins each: no window of 26 ids is full, and the windows hold 120 ids, more than the page's
    // 104 candidates (4 × 26).
    const pins: string[] = [];
    for (let i = 0; i < 6; i++) {
      const friend = await makeUser(t.db, { username: `cropped_friend_${i}` });
      await follow(t.db, viewerId, friend.id);
      for (let j = 0; j < 20; j++) pins.push(await makePin(t.db, { pinnerId: friend.id, image }));
    }
    const newest = pins.sort((a, b) => (BigInt(b) > BigInt(a) ? 1 : -1));
    // The viewer hid the newest 102: two of the candidates are left to show.
    await t.db.query('INSERT INTO pin_hides (user_id, pin_id) SELECT $1, unnest($2::bigint[])', [viewerId, newest.slice(0, 102)]);
    const first = await feedsRepo.home(t.db, viewerId, null, 5);
    expect(first.rows.map((r) => r.id)).toEqual(newest.slice(102, 104));
    expect(first.stands).toBe(false);
    const exactRuns = countQueries(t, (sql) => sql.includes('WITH exact AS'));
    const res = await reader.resource('UserHomefeedResource', 'get', { page_size: 4 });
    expect(res.data.map((p: { id: string }) => p.id)).toEqual(newest.slice(102, 106));
    expect(exactRuns.count).toBe(1);
  });

  it('costs the same for every viewer, whatever they follow, so that PostgreSQL keeps one generic plan', async () => {
    // Someone who follows many and someone who follows one, with the planner's statistics knowing both.
    const many = await makeUser(t.db, { username: 'plan_many' });
    const few = await makeUser(t.db, { username: 'plan_few' });
    for (let i = 0; i < 40; i++) {
      const u = await makeUser(t.db, { username: `plan_followed_${i}` });
      await follow(t.db, many.id, u.id);
      if (i === 0) await follow(t.db, few.id, u.id);
      if (i < 12) await followBoard(t.db, many.id, (await makeBoard(t.db, u.id, { name: `Followed ${i}` })).id);
    }
    await t.db.query('ANALYZE follows');
    await t.db.query('ANALYZE board_follows');
    const planCost = async (viewerId: string) => {
      let sent: { sql: string; params: unknown[] } | null = null;
      await feedsRepo.home(
        {
          async query<T>(sql: string, params: unknown[] = []) {
            sent = { sql, params };
            return [] as T[];
          },
        },
        viewerId,
        null,
        26,
      );
      const [row] = await t.db.query<{ 'QUERY PLAN': [{ Plan: { 'Total Cost': number } }] }>(`EXPLAIN (FORMAT JSON) ${sent!.sql}`, sent!.params);
      return row!['QUERY PLAN'][0].Plan['Total Cost'];
    };
    // A plan for a given viewer costing less than the generic one (as it did for those who follow few, the very
    // people who get recommendations) made PostgreSQL plan the prepared statement anew on every call.
    expect(await planCost(few.id)).toBe(await planCost(many.id));
  });

  it('is empty, not slow or failing, for someone who follows nobody and has saved nothing', async () => {
    const newcomer = t.client();
    await newcomer.signUp({ email: 'newcomer@example.com', username: 'newcomer' });
    const res = await newcomer.resource('UserHomefeedResource', 'get', { page_size: 25 });
    expect(res.httpStatus).toBe(200);
    expect(res.data).toEqual([]);
    expect(res.bookmark).toBeNull();
  });
});

describe('home feed round trips', () => {
  it('a page is one statement for someone who follows many, the session from memory; recommendations add one, an empty feed no more', async () => {
    const { countQueries } = await import('./db-observers');
    // The session's lookup is counted apart: it is made only when the session cache has forgotten (plugins/session-cache.ts).
    const sessionLookups = countQueries(t, (sql) => sql.includes('FROM sessions s JOIN users'));
    // The job queue's workers (the sign-up's mail) poll in the background on the same pool: not the page's.
    const queries = countQueries(t, (sql) => !sql.includes('FROM sessions s JOIN users') && !sql.includes('pgboss'));
    const reader = t.client();
    const readerId = (await reader.signUp({ email: 'roundtrips@example.com', username: 'roundtrips' })).id;
    const homePage = async () => {
      queries.reset();
      const res = await reader.resource('UserHomefeedResource', 'get', { page_size: 5 });
      expect(res.httpStatus).toBe(200);
      return { count: queries.count, ids: res.data.map((p: { id: string }) => p.id) as string[] };
    };
    // Nobody followed: recommendations are wanted (none to give here), so the page and the recommendations.
    expect((await homePage()).count).toBe(2);
    const made: string[] = [];
    for (let i = 0; i < 10; i++) {
      const friend = await makeUser(t.db, { username: `rt_friend_${i}` });
      await follow(t.db, readerId, friend.id);
      const board = await makeBoard(t.db, friend.id, { name: `Rt ${i}` });
      made.push(await makePin(t.db, { pinnerId: friend.id, boardId: board.id, image }));
    }
    // The writes above tell every listener at commit; let their notices land before the session is kept again.
    await new Promise((r) => setTimeout(r, 150));
    await homePage(); // the ads' countries, read once in a while (ads delivery), are read now; the session is kept
    sessionLookups.reset();
    const page = await homePage();
    expect(page.count).toBe(1);
    expect(sessionLookups.count).toBe(0);
    expect(page.ids).toEqual([...made].reverse().slice(0, 5));
    // Following one fewer: recommendations are wanted again.
    await t.db.query('DELETE FROM follows WHERE follower_id = $1 AND followee_id = (SELECT id FROM users WHERE username = $2)', [readerId, 'rt_friend_0']);
    expect((await homePage()).count).toBe(2);
  });
});

describe('page metadata', () => {
  it("puts a Pin's title, description, canonical link and og:image in the first HTML", async () => {
    const board = await makeBoard(t.db, meId, { name: 'Meta' });
    const id = await makePin(t.db, { pinnerId: meId, boardId: board.id, image, title: 'Lemon <tart>', description: 'Sharp & sweet' });
    const res = await t.client().request('GET', `/pin/${id}/`, { headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Lemon &#60;tart&#62; | Pinboard</title>');
    expect(res.body).toContain('<meta property="og:description" content="Sharp &#38; sweet">');
    expect(res.body).toContain(`<link rel="canonical" href="http://localhost:3000/pin/${id}/">`);
    expect(res.body).toMatch(/<meta property="og:image" content="http:\/\/localhost:3000\/media\/[0-9a-f/]+_[0-9a-z]+\.jpg">/);
  });

  it('gives profiles and boards their own titles and answers 404 for missing ones', async () => {
    const c = t.client();
    const profile = await c.request('GET', '/feeder/', { headers: { accept: 'text/html' } });
    expect(profile.body).toContain('<title>feeder (feeder) | Pinboard</title>');
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(profile.body);
    expect(ld).not.toBeNull();
    const data = JSON.parse(ld![1]!);
    expect(data).toMatchObject({ '@type': 'ProfilePage', mainEntity: { '@type': 'Person', alternateName: 'feeder' } });
    expect(data.hasPart.length).toBeGreaterThan(0);
    expect(data.hasPart.length).toBeLessThanOrEqual(10);
    const board = await c.request('GET', '/feeder/meta/', { headers: { accept: 'text/html' } });
    expect(board.body).toContain('<title>Meta | Pinboard</title>');
    expect((await c.request('GET', '/nobody_here/', { headers: { accept: 'text/html' } })).statusCode).toBe(404);
    expect((await c.request('GET', '/pin/42/', { headers: { accept: 'text/html' } })).statusCode).toBe(404);
    // Reserved first segments are never profiles.
    const settings = await c.request('GET', '/settings/', { headers: { accept: 'text/html' } });
    expect(settings.body).toContain('<title>Pinboard</title>');
    // The app's pages are one shared list (APP_PATHS) that the web router serves too: /inbox/ is reserved but
    // no page of the app, so it answers 404, as does a Today path of no kind of article.
    for (const path of ['/a/b/c/', '/settings/x/y/z/', '/ideas/not-a-category/', '/login/extra/', '/inbox/', '/today/nothing/', '/feeder/_nothing/x/']) {
      expect((await c.request('GET', path, { headers: { accept: 'text/html' } })).statusCode, path).toBe(404);
    }
    for (const path of [
      '/ideas/art/',
      '/today/',
      '/login/',
      '/search/',
      '/search/me/',
      '/board/create/',
      '/pin-creation-tool/',
      '/pin/create/uploaded/',
      '/messages/',
      '/feeder/_saved',
      '/feeder/_profile/_created',
      '/feeder/created/',
      '/feeder/profile-about/',
      '/invited/',
      '/feeder/_hub/',
      '/feeder/_preview/created/',
      '/feeder/_followers/',
    ]) {
      expect((await c.request('GET', path, { headers: { accept: 'text/html' } })).statusCode, path).toBe(200);
    }
  });
});
