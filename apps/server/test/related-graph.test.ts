/**
 * Related Pins from the Pin–board graph (decision 091), with two app servers on one database: each holds its
 * own graph, built at start and kept up to date by the `pin_graph` notices (migration 0049). What the walk
 * passes through is never what decides what is shown: the related-Pins rule (topics.policy) is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelatedGraph } from '../src/modules/topics/topics.related-graph';
import { topicsRepo } from '../src/modules/topics/topics.repo';
import { makeBoard, makePin, makeStoredImage, makeUser, type StoredImage } from '../src/seed/factories';
import { until } from './deploys/server-process';
import { buildTestApp, type TestApp, type TestPerson } from './test-app';

let a: TestApp;
let b: TestApp;
let owner: TestPerson;
let viewerOnB: TestPerson;
let image: StoredImage;
/** The lakes' Pins share nothing with the hikes' but the graph: another colour, no topic, no word. */
let lakeImage: StoredImage;
const pins: Record<string, string> = {};
const boards: Record<string, string> = {};

const ids = (r: { data?: { id: string }[] }) => (r.data ?? []).map((p) => p.id);
/** Waits until a server's graph knows a Pin row (its notice has arrived and been applied). */
const known = (t: TestApp, pinId: string) =>
  until(
    async () => t.services.topics.relatedGraph.nodeOf(pinId),
    (n) => n >= 0,
    10_000,
  );
const forgotten = (t: TestApp, pinId: string) =>
  until(
    async () => t.services.topics.relatedGraph.nodeOf(pinId),
    (n) => n < 0,
    10_000,
  );

beforeAll(async () => {
  a = await buildTestApp();
  owner = await a.person('Graph Owner', 'rg');
  const made = await makeStoredImage(a.media, { seed: 31, width: 300, height: 400 });
  image = { ...made, dominantColor: '#c83c28' };
  lakeImage = { ...made, dominantColor: '#2846c8' };
  boards.hikes = (await makeBoard(a.db, owner.id, { name: 'Hikes', category: 'travel' })).id;
  boards.lakes = (await makeBoard(a.db, owner.id, { name: 'Lakes', category: 'other' })).id;
  boards.secret = (await makeBoard(a.db, owner.id, { name: 'Hidden places', category: 'travel', privacy: 'secret' })).id;
  for (const [name, board] of [
    ['h1', 'hikes'],
    ['h2', 'hikes'],
    ['h3', 'hikes'],
    ['l1', 'lakes'],
    ['l2', 'lakes'],
    ['s', 'secret'],
  ] as const) {
    pins[name] = await makePin(a.db, { pinnerId: owner.id, boardId: boards[board]!, image: board === 'lakes' ? lakeImage : image, title: `Pin ${name}` });
  }
  // h1 is also saved to the secret board: the secret Pin s is one step from it, as near as h2 and h3.
  pins.h1secret = await makePin(a.db, { pinnerId: owner.id, boardId: boards.secret!, image, parentPinId: pins.h1!, title: 'Pin h1' });
  // Server B starts after the data exists: it reads it all at start.
  b = await buildTestApp({}, { db: a.db });
  await b.services.topics.relatedGraph.ready();
  await a.services.topics.relatedGraph.ready();
  await known(a, pins.h1secret);
  viewerOnB = await b.person('Graph Viewer', 'rg');
}, 60_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe('related Pins from the graph', () => {
  it('are built at start on one server and from notices on the other', () => {
    for (const t of [a, b]) {
      const s = t.services.topics.relatedGraph.status();
      expect(s.state).toBe('ready');
      expect(t.services.topics.relatedGraph.nodeOf(pins.h1secret!)).toBe(t.services.topics.relatedGraph.nodeOf(pins.h1!));
    }
  });

  it('never show a Pin only on a secret board to others, however strongly it is connected; its owner sees it', async () => {
    // The walk reaches s as often as the Pins of h1's public board.
    const walk = b.services.topics.relatedGraph.candidates(pins.h1!)!;
    const visits = new Map(walk.found.map((f) => [f.rows[0], f.visits]));
    expect(visits.get(pins.s!)).toBeGreaterThanOrEqual(Math.min(visits.get(pins.h2!)!, visits.get(pins.h3!)!) / 2);

    const seenByViewer = ids(await viewerOnB.c.resource('RelatedPinsResource', 'get', { pin_id: pins.h1! }));
    expect(seenByViewer).toEqual(expect.arrayContaining([pins.h2, pins.h3]));
    expect(seenByViewer).not.toContain(pins.s);
    expect(seenByViewer).not.toContain(pins.h1secret);
    const signedOut = ids(await b.client().resource('RelatedPinsResource', 'get', { pin_id: pins.h1! }));
    expect(signedOut).toEqual(expect.arrayContaining([pins.h2, pins.h3]));
    expect(signedOut).not.toContain(pins.s);
    // The owner may see their secret board (topics.policy seenByViewerPinSql): it shows to them.
    const seenByOwner = ids(await owner.c.resource('RelatedPinsResource', 'get', { pin_id: pins.h1! }));
    expect(seenByOwner).toContain(pins.s);
    expect(seenByOwner).not.toContain(pins.h1);
  });

  it('follow a save made through the other server, and its deletion', async () => {
    const before = ids(await viewerOnB.c.resource('RelatedPinsResource', 'get', { pin_id: pins.h2! }));
    expect(before).not.toContain(pins.l1);
    expect(before).not.toContain(pins.l2);
    // Saved through server A to the Hikes board: on server B, l1 (one step) and l2 (through l1's board) join h2's related Pins.
    const saved = await owner.c.resource('RepinResource', 'create', { pin_id: pins.l1!, board_id: boards.hikes! });
    expect(saved.httpStatus).toBe(200);
    const saveId = saved.data.id as string;
    await known(b, saveId);
    expect(b.services.topics.relatedGraph.nodeOf(saveId)).toBe(b.services.topics.relatedGraph.nodeOf(pins.l1!));
    const after = ids(await viewerOnB.c.resource('RelatedPinsResource', 'get', { pin_id: pins.h2! }));
    expect(after).toContain(pins.l1); // the image's original row shows, once
    expect(after).not.toContain(saveId);
    expect(after).toContain(pins.l2);
    // Deleted through server A: gone from server B's graph and answers.
    expect((await owner.c.resource('PinResource', 'delete', { id: saveId })).httpStatus).toBe(200);
    await forgotten(b, saveId);
    const again = ids(await viewerOnB.c.resource('RelatedPinsResource', 'get', { pin_id: pins.h2! }));
    expect(again).not.toContain(pins.l1);
    expect(again).not.toContain(pins.l2);
  });

  it('follow a move', async () => {
    const moved = await makePin(a.db, { pinnerId: owner.id, boardId: boards.lakes!, image: lakeImage, title: 'Pin m' });
    await known(b, moved);
    expect(ids(await viewerOnB.c.resource('RelatedPinsResource', 'get', { pin_id: pins.h3! }))).not.toContain(moved);
    expect((await owner.c.resource('PinResource', 'update', { id: moved, board_id: boards.hikes! })).httpStatus).toBe(200);
    await until(
      async () => ids(await viewerOnB.c.resource('RelatedPinsResource', 'get', { pin_id: pins.h3! })),
      (got) => got.includes(moved),
      10_000,
    );
  });
});

describe('a walk that answers alone', () => {
  it('is checked for visibility a few ranks at a time, and its pages are the same as one whole page', async () => {
    // 90 Pins on one board: the walk from any of them finds them all, each often (it answers alone, no blend).
    const many = (await makeBoard(a.db, owner.id, { name: 'Many trails', category: 'travel' })).id;
    const hidden = (await makeBoard(a.db, owner.id, { name: 'Many hidden trails', category: 'travel', privacy: 'secret' })).id;
    const open: string[] = [];
    for (let i = 0; i < 90; i++) open.push(await makePin(a.db, { pinnerId: owner.id, boardId: many, image, title: `Trail ${i}` }));
    // The secret board joins the walk through a save of one of them: its own 30 Pins are reached, never shown to others.
    const secret: string[] = [];
    for (let i = 0; i < 30; i++) secret.push(await makePin(a.db, { pinnerId: owner.id, boardId: hidden, image, title: `Hidden ${i}` }));
    const bridge = await makePin(a.db, { pinnerId: owner.id, boardId: hidden, image, parentPinId: open[5]!, title: 'Trail 5' });
    await known(b, bridge);
    await known(b, secret.at(-1)!);

    const walk = b.services.topics.relatedGraph.candidates(open[0]!)!;
    expect(walk.found.filter((f) => f.visits >= 4).length).toBeGreaterThanOrEqual(50); // RELATED_BLEND_FULL: the walk alone
    expect(walk.found.length).toBeGreaterThan(100); // more ranks than one statement checks

    const whole = ids(await viewerOnB.c.resource('RelatedPinsResource', 'get', { pin_id: open[0]!, page_size: 250 }));
    expect(whole.length).toBeGreaterThanOrEqual(80);
    for (const id of [...secret, bridge, open[0]!]) expect(whole).not.toContain(id);
    const paged: string[] = [];
    let bookmark: string | undefined;
    for (let i = 0; i < 40; i++) {
      const page = await viewerOnB.c.resource('RelatedPinsResource', 'get', { pin_id: open[0]!, page_size: 7, ...(bookmark ? { bookmark } : {}) });
      paged.push(...ids(page));
      bookmark = page.bookmark ?? undefined;
      if (!bookmark) break;
    }
    expect(paged).toEqual(whole);
    // Its owner sees the secret board's Pins among them.
    const ownersView = ids(await owner.c.resource('RelatedPinsResource', 'get', { pin_id: open[0]!, page_size: 250 }));
    expect(ownersView.filter((id) => secret.includes(id)).length).toBeGreaterThan(0);
  });
});

describe('without room for the graph', () => {
  it('a server says so in its log and ranks related Pins by topics and words, as before', async () => {
    const lines: { msg: string; obj: object }[] = [];
    const log = { info: (obj: object, msg: string) => lines.push({ obj, msg }), warn: (obj: object, msg: string) => lines.push({ obj, msg }) };
    const small = createRelatedGraph(a.db, { maxMb: 0.0001, log });
    await small.ready();
    expect(small.status()).toMatchObject({ state: 'fallback' });
    expect(small.candidates(pins.h1!)).toBeNull();
    expect(lines.map((l) => l.msg).join('\n')).toMatch(
      /related Pins graph not built: the graph would take \d+ MB, over the 0 MB it may have; related Pins from the topic ranker/,
    );
    await small.close();
    // The same through a machine with little memory: half of it is the most the graph may take.
    const tight = createRelatedGraph(a.db, { maxMb: 600, memoryBytes: 100, log });
    await tight.ready();
    expect(tight.status().state).toBe('fallback');
    await tight.close();

    const c = await buildTestApp({ RELATED_GRAPH_MAX_MB: '0.0001' }, { db: a.db });
    try {
      await c.services.topics.relatedGraph.ready();
      expect(c.services.topics.relatedGraph.status()).toMatchObject({ state: 'fallback' });
      const viewer = await makeUser(a.db, { username: 'rg_fallback_viewer' });
      const ranker = await topicsRepo.related(a.db, viewer.id, pins.h1!, null, 26, []);
      const person = c.client();
      await person.signUp({ email: 'rg-fallback@example.com', username: 'rgfallback' });
      const got = ids(await person.resource('RelatedPinsResource', 'get', { pin_id: pins.h1! }));
      expect(got).toEqual(ranker.slice(0, got.length).map((r) => r.id));
      expect(got).not.toContain(pins.s);
    } finally {
      await c.close();
    }
  });
});
