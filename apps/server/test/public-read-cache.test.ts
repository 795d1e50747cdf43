/**
 * Signed-out reads answered from memory: no query once kept, and never a
 * stale answer after a change through the API, through another connection
 * (another server), or while the server cannot hear the notices.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestImage } from '../src/media-pipeline/test-images';
import { profileViews } from '../src/modules/partner/profile-views';
import { NOT_SHOWN_SIGNED_OUT } from '../src/plugins/public-read-cache';
import { countQueries, cutListenerDuring, eventually as eventuallyStatus, otherConnection } from './db-observers';
import { buildTestApp, type TestApp, type TestClient } from './test-app';

let t: TestApp;
let owner: TestClient;
let anonymous: TestClient;
let seed = 5;
/** A picture of its own for each Pin: one picture twice on one board is one Pin (decision 095). */
const picture = () => makeTestImage({ width: 300, height: 300, format: 'jpeg', seed: seed++ });
let queries: ReturnType<typeof countQueries>;

beforeAll(async () => {
  t = await buildTestApp();
  // Profile views are written in batches on a timer (partner/profile-views.ts), whenever it fires:
  // they are not the reads' queries, so they are not counted.
  queries = countQueries(t, (sql) => !sql.includes('profile_view_days'));
  owner = t.client();
  anonymous = t.client();
  await owner.signUp({ email: 'cache-owner@example.com', username: 'cacheowner' });
  await anonymous.ensureCsrf();
});
afterAll(() => t.close());

async function boardWithPin(name: string) {
  const board = (await owner.resource('BoardResource', 'create', { name })).data;
  const pin = (await owner.upload('PinResource', 'create', { board_id: board.id, title: name }, await picture())).data;
  return { board: board.id as string, pin: pin.id as string };
}

const feed = (board: string) => anonymous.resource('BoardFeedResource', 'get', { board_id: board });

const eventually = (read: () => Promise<{ httpStatus: number }>, status: number) => eventuallyStatus(async () => (await read()).httpStatus, status);

describe('signed-out reads from memory', () => {
  it("cost no query once kept, for JSON reads and a page's first HTML", async () => {
    const { board, pin } = await boardWithPin('Kept');
    expect((await feed(board)).httpStatus).toBe(200);
    expect((await anonymous.resource('PinResource', 'get', { id: pin })).httpStatus).toBe(200);
    const html = () => anonymous.request('GET', '/cacheowner/', { headers: { accept: 'text/html' } });
    expect((await html()).statusCode).toBe(200);
    // Answers are kept only while this server hears PostgreSQL's change notices; on a busy machine
    // the listening connection may come up after the first reads. So: a round of the same reads
    // must soon cost no query at all.
    let rounds = 0;
    do {
      rounds++;
      queries.reset();
      const again = await feed(board);
      expect(again.httpStatus).toBe(200);
      expect(again.data).toHaveLength(1);
      expect((await anonymous.resource('PinResource', 'get', { id: pin })).data.id).toBe(pin);
      const page = await html();
      expect(page.body).toContain('cacheowner');
    } while (queries.count > 0 && rounds < 5);
    expect(queries.count).toBe(0);
  });

  it("are never used for a signed-in viewer, and never give one viewer's answer to another", async () => {
    const secret = (await owner.resource('BoardResource', 'create', { name: 'Mine only', privacy: 'secret' })).data.id;
    expect((await owner.resource('BoardFeedResource', 'get', { board_id: secret })).httpStatus).toBe(200);
    expect((await feed(secret)).httpStatus).toBe(404);
    expect((await owner.resource('BoardFeedResource', 'get', { board_id: secret })).httpStatus).toBe(200);
  });

  it('answer 404 at once after the board turns secret through the API', async () => {
    const { board, pin } = await boardWithPin('Soon secret');
    expect((await feed(board)).httpStatus).toBe(200);
    expect((await anonymous.resource('PinResource', 'get', { id: pin })).httpStatus).toBe(200);
    expect((await owner.resource('BoardResource', 'update', { board_id: board, privacy: 'secret' })).httpStatus).toBe(200);
    expect((await feed(board)).httpStatus).toBe(404);
    expect((await anonymous.resource('PinResource', 'get', { id: pin })).httpStatus).toBe(404);
  });

  it('show a new Pin and a deleted one at once', async () => {
    const { board, pin } = await boardWithPin('Changing');
    expect((await feed(board)).data).toHaveLength(1);
    await owner.upload('PinResource', 'create', { board_id: board, title: 'Second' }, await picture());
    expect((await feed(board)).data).toHaveLength(2);
    expect((await owner.resource('PinResource', 'delete', { id: pin })).httpStatus).toBe(200);
    expect((await anonymous.resource('PinResource', 'get', { id: pin })).httpStatus).toBe(404);
    expect((await feed(board)).data).toHaveLength(1);
  });

  it('answer 404 after a change made by another server (another connection)', async () => {
    const { board } = await boardWithPin('Elsewhere');
    expect((await feed(board)).httpStatus).toBe(200);
    await otherConnection(t, (c) => c.query("UPDATE boards SET privacy = 'secret' WHERE id = $1", [board]));
    expect(await eventually(() => feed(board), 404)).toBe(404);
  });

  it('are not used while the server cannot hear the notices, nor what was kept before', async () => {
    const { board } = await boardWithPin('Deaf');
    expect((await feed(board)).httpStatus).toBe(200);
    const listeningAgain = await cutListenerDuring(t, 'content_changed', (c) => c.query("UPDATE boards SET privacy = 'secret' WHERE id = $1", [board]));
    expect(await eventually(() => feed(board), 404)).toBe(404);
    await listeningAgain();
    expect((await feed(board)).httpStatus).toBe(404);
  });

  it("still count a partner's Pin views when answered from memory", async () => {
    const partner = t.client();
    const { id } = await partner.signUp({ email: 'cache-partner@example.com' });
    await t.db.query('UPDATE users SET is_partner = true WHERE id = $1', [id]);
    const pin = (await partner.upload('PinResource', 'create', { title: 'Seen' }, await picture())).data.id;
    for (let i = 0; i < 3; i++) expect((await anonymous.resource('PinResource', 'get', { id: pin })).httpStatus).toBe(200);
    await profileViews(t.db).flush();
    const row = await t.db.one<{ n: number }>('SELECT COALESCE(sum(views), 0)::int AS n FROM profile_view_days WHERE user_id = $1', [id]);
    expect(row!.n).toBe(3);
  });

  it('keep related Pins, and forget them when a related Pin turns secret or is removed', async () => {
    const here = (await owner.resource('BoardResource', 'create', { name: 'Related here' })).data.id as string;
    const there = (await owner.resource('BoardResource', 'create', { name: 'Related there' })).data.id as string;
    const pin = (await owner.upload('PinResource', 'create', { board_id: here, title: 'Zephyrine lanterns' }, await picture())).data.id as string;
    const soonSecret = (await owner.upload('PinResource', 'create', { board_id: there, title: 'Zephyrine lanterns at dusk' }, await picture())).data
      .id as string;
    const soonGone = (await owner.upload('PinResource', 'create', { board_id: here, title: 'Paper lanterns' }, await picture())).data.id as string;
    const related = async () => {
      const res = await anonymous.resource('RelatedPinsResource', 'get', { pin_id: pin });
      expect(res.httpStatus).toBe(200);
      return (res.data as { id: string }[]).map((p) => p.id);
    };
    expect(await related()).toEqual(expect.arrayContaining([soonSecret, soonGone]));
    let rounds = 0;
    do {
      rounds++;
      queries.reset();
      expect(await related()).toEqual(expect.arrayContaining([soonSecret, soonGone]));
    } while (queries.count > 0 && rounds < 5);
    expect(queries.count).toBe(0);

    expect((await owner.resource('BoardResource', 'update', { board_id: there, privacy: 'secret' })).httpStatus).toBe(200);
    expect(await related()).not.toContain(soonSecret);
    expect((await owner.resource('PinResource', 'delete', { id: soonGone })).httpStatus).toBe(200);
    expect(await related()).not.toContain(soonGone);
    // A change made by another server is heard too.
    await otherConnection(t, (c) => c.query("UPDATE boards SET privacy = 'public' WHERE id = $1", [there]));
    await eventuallyStatus(async () => ((await related()).includes(soonSecret) ? 1 : 0), 1);
    expect(await related()).toContain(soonSecret);
  });

  it('cover every table: each one either tells of its changes or is listed as never shown signed out', async () => {
    const rows = await t.db.query<{ table: string; notifies: boolean }>(
      `SELECT c.relname AS table,
              (EXISTS (SELECT 1 FROM pg_trigger g JOIN pg_proc f ON f.oid = g.tgfoid WHERE g.tgrelid = c.oid AND f.proname = 'notify_content_changed')
               -- a table whose notices name keys has one trigger for each of insert, update and delete (migration 0040)
               OR (SELECT count(*) FROM pg_trigger g JOIN pg_proc f ON f.oid = g.tgfoid WHERE g.tgrelid = c.oid AND f.proname = 'notify_content_keys') = 3) AS notifies
       FROM pg_class c WHERE c.relkind = 'r' AND c.relnamespace = current_schema()::regnamespace`,
    );
    const uncovered = rows.filter((r) => !r.notifies && !NOT_SHOWN_SIGNED_OUT.includes(r.table)).map((r) => r.table);
    expect(uncovered).toEqual([]);
    const both = rows.filter((r) => r.notifies && NOT_SHOWN_SIGNED_OUT.includes(r.table)).map((r) => r.table);
    expect(both).toEqual([]);
  });
});

describe('forgetting by what changed (decision 064)', () => {
  let other: TestClient;
  let otherId: string;
  let ownerId: string;
  beforeAll(async () => {
    other = t.client();
    otherId = (await other.signUp({ email: 'cache-other@example.com', username: 'cacheother' })).id;
    ownerId = (await t.db.one<{ id: string }>("SELECT id FROM users WHERE username = 'cacheowner'"))!.id;
  });

  /** Reads until a round of `reads` costs no query (the listening connection may come up late on a busy machine). */
  async function kept(reads: () => Promise<void>) {
    let rounds = 0;
    do {
      rounds++;
      queries.reset();
      await reads();
    } while (queries.count > 0 && rounds < 5);
    expect(queries.count).toBe(0);
  }
  /** Waits until `condition` holds (a notice lands a moment after another connection's commit); two seconds at most. */
  async function until(condition: () => Promise<boolean>) {
    const deadline = Date.now() + 2000;
    for (;;) {
      if (await condition()) return true;
      if (Date.now() > deadline) return false;
      await new Promise((r) => setImmediate(r));
    }
  }

  const boardRead = (board: string) => anonymous.resource('BoardResource', 'get', { board_id: board });
  const pinTitles = async (board: string) => ((await feed(board)).data as { title: string }[]).map((p) => p.title);

  it("keep a board's reads while other people's boards are written, and forget them when the board, its owner or a Pin on it changes", async () => {
    const { board, pin } = await boardWithPin('Untouched');
    const page = async () => (await anonymous.request('GET', `/cacheowner/untouched/`, { headers: { accept: 'text/html' } })).body as string;
    const reads = async () => {
      expect((await feed(board)).httpStatus).toBe(200);
      expect((await boardRead(board)).httpStatus).toBe(200);
      expect((await anonymous.resource('PinResource', 'get', { id: pin })).httpStatus).toBe(200);
      expect(await page()).toContain('Untouched');
    };
    await kept(reads);

    // Someone else writes: through this server (its own changes) and through another connection (another server).
    const theirs = (await other.resource('BoardResource', 'create', { name: 'Theirs' })).data.id as string;
    const theirPin = (await other.upload('PinResource', 'create', { board_id: theirs, title: 'Their Pin' }, await picture())).data.id as string;
    expect((await other.resource('BoardResource', 'update', { board_id: theirs, description: 'Edited' })).httpStatus).toBe(200);
    expect((await other.resource('PinResource', 'update', { id: theirPin, title: 'Their Pin, edited' })).httpStatus).toBe(200);
    await otherConnection(t, async (c) => {
      await c.query("UPDATE boards SET description = 'Elsewhere' WHERE id = $1", [theirs]);
      await c.query("UPDATE pins SET title = 'Their Pin, again' WHERE id = $1", [theirPin]);
      await c.query("UPDATE users SET about = 'Hello' WHERE id = $1", [otherId]);
      // A marker of this test's own, after those notices: once it is heard, so were they.
      await c.query("SELECT pg_notify('content_changed', 'board:0')");
    });
    // The app heard the other connection's notices (it forgot an answer that depends on their board)...
    const theirFeed = () => anonymous.resource('BoardFeedResource', 'get', { board_id: theirs });
    await kept(async () => void expect((await theirFeed()).httpStatus).toBe(200));
    await otherConnection(t, (c) => c.query("UPDATE boards SET description = 'Once more' WHERE id = $1", [theirs]));
    expect(await until(async () => (queries.reset(), await theirFeed(), queries.count > 0))).toBe(true);
    // ... and the untouched board's reads still cost nothing.
    queries.reset();
    await reads();
    expect(queries.count).toBe(0);

    // A Pin on it, changed by another server: forgotten as soon as the notice lands.
    await otherConnection(t, (c) => c.query("UPDATE pins SET title = 'Renamed elsewhere' WHERE id = $1", [pin]));
    expect(await until(async () => (await pinTitles(board)).includes('Renamed elsewhere'))).toBe(true);
    // Its owner, changed by another server: the board read shows the new name.
    await kept(reads);
    await otherConnection(t, (c) => c.query("UPDATE users SET full_name = 'Cache Owner Renamed' WHERE id = $1", [ownerId]));
    expect(await until(async () => (await boardRead(board)).data.owner.full_name === 'Cache Owner Renamed')).toBe(true);
    // The board itself, through this server: at once, with no waiting.
    await kept(reads);
    expect((await owner.resource('BoardResource', 'update', { board_id: board, description: 'Described here' })).httpStatus).toBe(200);
    expect((await boardRead(board)).data.description).toBe('Described here');
    expect(await page()).toContain('Described here');
    // A new Pin on it, through this server: at once.
    await owner.upload('PinResource', 'create', { board_id: board, title: 'Another here' }, await picture());
    expect(await pinTitles(board)).toContain('Another here');
  });

  it('answer 404 from memory as soon as the board is made secret by another server', async () => {
    const { board, pin } = await boardWithPin('Secret soon');
    await kept(async () => {
      expect((await feed(board)).httpStatus).toBe(200);
      expect((await anonymous.resource('PinResource', 'get', { id: pin })).httpStatus).toBe(200);
    });
    await otherConnection(t, (c) => c.query("UPDATE boards SET privacy = 'secret' WHERE id = $1", [board]));
    expect(await until(async () => (await feed(board)).httpStatus === 404)).toBe(true);
    expect((await anonymous.resource('PinResource', 'get', { id: pin })).httpStatus).toBe(404);
  });

  it('hear what each change names, and everything for what no key names precisely', async () => {
    const heard: string[] = [];
    const { board, pin } = await otherConnection(t, async (listener) => {
      listener.on('notification', (n) => n.channel === 'content_changed' && heard.push(n.payload ?? ''));
      await listener.query('LISTEN content_changed');
      const made = await boardWithPin('Named');
      await otherConnection(t, async (c) => {
        await c.query("UPDATE pins SET title = 'Named again' WHERE id = $1", [made.pin]);
        await c.query("UPDATE boards SET privacy = 'secret' WHERE id = $1", [made.board]);
        await c.query("UPDATE users SET moderation = 'restricted' WHERE id = $1", [otherId]);
        await c.query('UPDATE users SET moderation = NULL WHERE id = $1', [otherId]);
        await c.query("UPDATE pins SET title = 'none' WHERE id = 0");
        await c.query("SELECT pg_notify('content_changed', 'end:0')");
      });
      const deadline = Date.now() + 2000;
      while (!heard.includes('end:0') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      return made;
    });
    const named = heard.filter((p) => p.split(' ').includes(`pin:${pin}`));
    expect(named.length).toBeGreaterThan(0);
    expect(named.every((p) => p.split(' ').includes(`board:${board}`) && p.split(' ').includes(`user:${ownerId}`))).toBe(true);
    // The Pin's edit names it, its board and its pinner; the board made secret and both moderation decisions
    // about a person name everything; an update that touched no row says nothing.
    const end = heard.indexOf('end:0');
    expect(heard.slice(end - 4, end)).toEqual([`board:${board} pin:${pin} user:${ownerId}`, '*', '*', '*']);
  });
});
