/**
 * Topics and discovery: the catalogue, following (counts, the topics tab),
 * Pins' topics kept up to date, idea pages and related Pins, with what they
 * must never show (secret boards, private profiles, blocks, hidden Pins).
 */
import { ERROR_CODES } from '@pinboard/shared/api/error-codes';
import { TOPIC_SLUG_BY_ID } from '@pinboard/shared/constants/ideas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { block, follow, makeBoard, makePin, makeStoredImage, makeUser, type StoredImage } from '../src/seed/factories';
import { topicsRepo } from '../src/modules/topics/topics.repo';
import { buildTestApp, type TestApp, type TestPerson } from './test-app';

let t: TestApp;
let viewer: TestPerson;
let image: StoredImage;
let other: StoredImage;

type Topic = { id: string; slug: string; name: string; parent_id: string | null; is_followed: boolean; follower_count: number };
type PinOut = { id: string; title: string };

const ids = (data: unknown) => (data as PinOut[]).map((p) => p.id);

beforeAll(async () => {
  t = await buildTestApp();
  viewer = await t.person('Topic Viewer', 'tv');
  image = await makeStoredImage(t.media, { seed: 11, width: 60, height: 80 });
  other = await makeStoredImage(t.media, { seed: 12, width: 60, height: 60 });
});
afterAll(() => t.close());

async function topicBySlug(slug: string) {
  const res = await viewer.c.resource('InterestsResource', 'get');
  return (res.data as Topic[]).find((x) => x.slug === slug)!;
}

/**
 * The statement the repository sends, prepared as the driver prepares it, in the generic plan PostgreSQL uses from
 * a prepared statement's sixth call on: a topic's ids are read by (interest_id, pin_id), and every read of `pins`
 * is a lookup under a Limit of its own (a LATERAL with a LIMIT, which PostgreSQL cannot fold into a plain join),
 * never merged with a walk of every Pin.
 */
async function expectPinsLookedUpByKey(sql: string, args: string) {
  type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };
  const plan = await t.db.tx(async (tx) => {
    await tx.query('SET LOCAL plan_cache_mode = force_generic_plan');
    await tx.query(`PREPARE pins_probe AS ${sql}`);
    const [row] = await tx.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`EXPLAIN (FORMAT JSON) EXECUTE pins_probe(${args})`);
    await tx.query('DEALLOCATE pins_probe');
    return row!['QUERY PLAN'][0].Plan;
  });
  const pinScans: PlanNode[][] = [];
  const nodeTypes: string[] = [];
  const visit = (n: PlanNode, path: PlanNode[]) => {
    nodeTypes.push(n['Node Type']);
    if (n['Relation Name'] === 'pins') pinScans.push([...path, n]);
    // A topic's ids are never found by walking every topic's rows in pin_id order.
    expect(n['Index Name']).not.toBe('pin_interests_pin_idx');
    for (const c of n.Plans ?? []) visit(c, [...path, n]);
  };
  visit(plan, []);
  expect(nodeTypes).not.toContain('Merge Join');
  expect(pinScans.length).toBeGreaterThan(0);
  for (const path of pinScans) expect(path.filter((n) => n['Node Type'] === 'Limit').length).toBeGreaterThanOrEqual(2);
}

describe('the catalogue', () => {
  it("finds each topic's cover by walking the topic's index and looking each Pin up by key", async () => {
    // As a plain join each topic's cover merged its ids with a backward walk of every Pin (about 2 s at 100,000 Pins).
    let sent = '';
    await topicsRepo.catalogue(
      {
        async query<T>(sql: string) {
          sent = sql;
          return [] as T[];
        },
      },
      null,
    );
    await expectPinsLookedUpByKey(sent, 'NULL');
  });

  it('holds the 14 idea categories in the side navigation order, each with its sub-topics', async () => {
    const res = await t.client().resource('InterestsResource', 'get');
    expect(res.httpStatus).toBe(200);
    const topics = res.data as Topic[];
    const categories = topics.filter((x) => x.parent_id === null).map((x) => x.slug);
    expect(categories).toEqual([
      'art',
      'beauty',
      'food-and-drink',
      'design',
      'womens-fashion',
      'mens-fashion',
      'home-decor',
      'diy-and-crafts',
      'fitness-and-exercise',
      'animals-and-pets',
      'quotes',
      'memes',
      'travel',
      'weddings',
    ]);
    expect(topics.length).toBeGreaterThan(40);
    expect(topics.every((x) => x.is_followed === false)).toBe(true);
  });

  it('is the one the web app names from its catalogues (TOPIC_SLUG_BY_ID: id and slug of every topic)', async () => {
    const topics = (await t.client().resource('InterestsResource', 'get')).data as Topic[];
    expect(Object.fromEntries(topics.map((x) => [x.id, x.slug]))).toEqual(TOPIC_SLUG_BY_ID);
  });
});

describe('following topics', () => {
  it('follows and unfollows, counts interest follows in following_count and interest_following_count, and lists them on the topics tab', async () => {
    const baking = await topicBySlug('baking');
    const travel = await topicBySlug('travel');
    const someone = await makeUser(t.db, { username: `tv_someone` });
    await follow(t.db, viewer.id, someone.id);
    for (const topic of [baking, travel]) {
      const res = await viewer.c.resource('InterestFollowResource', 'create', { interest_id: topic.id });
      expect(res.httpStatus).toBe(200);
      expect((res.data as Topic).is_followed).toBe(true);
    }
    // Idempotent.
    expect((await viewer.c.resource('InterestFollowResource', 'create', { interest_id: baking.id })).httpStatus).toBe(200);
    const profile = (await viewer.c.resource('UserResource', 'get', { username: viewer.username })).data as {
      following_count: number;
      interest_following_count: number;
    };
    expect(profile.interest_following_count).toBe(2);
    expect(profile.following_count).toBe(3);
    const tab = await t.client().resource('UserInterestsResource', 'get', { username: viewer.username });
    expect((tab.data as Topic[]).map((x) => x.slug).sort()).toEqual(['baking', 'travel']);
    expect((await topicBySlug('baking')).is_followed).toBe(true);

    expect((await viewer.c.resource('InterestFollowResource', 'delete', { interest_id: travel.id })).httpStatus).toBe(200);
    const after = (await viewer.c.resource('UserResource', 'get', { username: viewer.username })).data as {
      following_count: number;
      interest_following_count: number;
    };
    expect(after.interest_following_count).toBe(1);
    expect(after.following_count).toBe(2);
  });

  it('follows and unfollows the topics of interest_list with interest_id, refusing unknown ids without storing anything', async () => {
    const who = await t.person('Lister', 'tl');
    const art = await topicBySlug('art');
    const travel = await topicBySlug('travel');
    const baking = await topicBySlug('baking');
    const weddings = await topicBySlug('weddings');
    const followed = async () =>
      ((await t.client().resource('UserInterestsResource', 'get', { username: who.username })).data as Topic[]).map((x) => x.slug).sort();
    const unknown = await who.c.resource('InterestFollowResource', 'create', { interest_id: art.id, interest_list: [travel.id, '999999'] });
    expect(unknown.httpStatus).toBe(400);
    expect(unknown.error?.field).toBe('interest_list');
    expect(await followed()).toEqual([]);
    const malformed = await who.c.resource('InterestFollowResource', 'create', { interest_id: art.id, interest_list: ['abc'] });
    expect(malformed.httpStatus).toBe(400);
    expect(malformed.error?.message).toContain('interest_list');

    const res = await who.c.resource('InterestFollowResource', 'create', { interest_id: art.id, interest_list: [travel.id, baking.id, art.id] });
    expect(res.httpStatus).toBe(200);
    expect(res.data as Topic).toMatchObject({ id: art.id, is_followed: true });
    expect(await followed()).toEqual(['art', 'baking', 'travel']);
    // The catalogue shows each as followed; the profile counts them.
    const catalogue = (await who.c.resource('InterestsResource', 'get', {})).data as Topic[];
    expect(
      catalogue
        .filter((x) => x.is_followed)
        .map((x) => x.slug)
        .sort(),
    ).toEqual(['art', 'baking', 'travel']);
    expect(
      ((await who.c.resource('UserResource', 'get', { username: who.username })).data as { interest_following_count: number }).interest_following_count,
    ).toBe(3);
    // The comma-separated form, as a query string carries a list.
    expect((await who.c.resource('InterestFollowResource', 'create', { interest_id: weddings.id, interest_list: `${art.id}, ${travel.id}` })).httpStatus).toBe(
      200,
    );
    expect(await followed()).toEqual(['art', 'baking', 'travel', 'weddings']);

    expect((await who.c.resource('InterestFollowResource', 'delete', { interest_id: travel.id, interest_list: [baking.id, weddings.id] })).httpStatus).toBe(
      200,
    );
    expect(await followed()).toEqual(['art']);
  });

  it('answers 404 for an unknown interest id, 400 for a malformed one, 401 signed out', async () => {
    const unknown = await viewer.c.resource('InterestFollowResource', 'create', { interest_id: '999999' });
    expect(unknown.httpStatus).toBe(404);
    expect(unknown.error?.code).toBe(ERROR_CODES.NOT_FOUND.code);
    const bad = await viewer.c.resource('InterestFollowResource', 'create', { interest_id: 'abc' });
    expect(bad.httpStatus).toBe(400);
    expect(bad.error?.message).toContain('interest_id');
    expect((await t.client().resource('InterestFollowResource', 'create', { interest_id: '1' })).httpStatus).toBe(401);
  });

  it("keeps a private profile's topics to its followers, and shows none across a block", async () => {
    const shy = await t.person('Shy Topics', 'tv');
    await t.db.query('UPDATE users SET is_private_profile = true WHERE id = $1', [shy.id]);
    await shy.c.resource('InterestFollowResource', 'create', { interest_id: (await topicBySlug('dogs')).id });
    expect((await shy.c.resource('UserInterestsResource', 'get', { username: shy.username })).data).toHaveLength(1);
    expect((await viewer.c.resource('UserInterestsResource', 'get', { username: shy.username })).data).toEqual([]);
    expect((await t.client().resource('UserInterestsResource', 'get', { username: shy.username })).data).toEqual([]);
    await follow(t.db, viewer.id, shy.id);
    expect((await viewer.c.resource('UserInterestsResource', 'get', { username: shy.username })).data).toHaveLength(1);

    const blocker = await t.person('Blocking Topics', 'tv');
    await block(t.db, blocker.id, viewer.id);
    await blocker.c.resource('InterestFollowResource', 'create', { interest_id: (await topicBySlug('cats')).id });
    const across = await viewer.c.resource('UserInterestsResource', 'get', { username: blocker.username });
    expect(across.httpStatus).toBe(200);
    expect(across.data).toEqual([]);
    expect((await t.client().resource('UserInterestsResource', 'get', { username: blocker.username })).data).toHaveLength(1);
    expect((await viewer.c.resource('UserInterestsResource', 'get', { username: 'tv_nobody_here' })).httpStatus).toBe(404);
  });
});

describe("Pins' topics", () => {
  it("come from the board's category and from the title and description, and follow edits and board changes", async () => {
    const owner = await makeUser(t.db, { username: 'tv_tagger' });
    const board = await makeBoard(t.db, owner.id, { name: 'Things', category: 'travel' });
    const pinId = await makePin(t.db, { pinnerId: owner.id, boardId: board.id, image, title: 'Lemon cake', description: 'A sunny bake' });
    const topicsOf = async () =>
      (
        await t.db.query<{ slug: string }>('SELECT i.slug FROM pin_interests pi JOIN interests i ON i.id = pi.interest_id WHERE pi.pin_id = $1 ORDER BY 1', [
          pinId,
        ])
      ).map((r) => r.slug);
    expect(await topicsOf()).toEqual(['baking', 'food-and-drink', 'travel']);
    await t.db.query("UPDATE pins SET title = 'Cat nap' WHERE id = $1", [pinId]);
    expect(await topicsOf()).toEqual(['animals-and-pets', 'cats', 'travel']);
    await t.db.query("UPDATE boards SET category = 'home-decor' WHERE id = $1", [board.id]);
    expect(await topicsOf()).toEqual(['animals-and-pets', 'cats', 'home-decor']);
  });
});

describe('idea pages', () => {
  it("show a category's public Pins newest first, keyset-paged, and never secret, private, blocked or hidden ones", async () => {
    const pub = await makeUser(t.db, { username: 'tv_public' });
    const priv = await makeUser(t.db, { username: 'tv_private', isPrivate: true });
    const blocker = await makeUser(t.db, { username: 'tv_blocker' });
    const open = await makeBoard(t.db, pub.id, { name: 'Wedding flowers', category: 'weddings' });
    const secret = await makeBoard(t.db, pub.id, { name: 'Secret wedding', category: 'weddings', privacy: 'secret' });
    const prot = await makeBoard(t.db, pub.id, { name: 'Protected wedding', category: 'weddings', privacy: 'protected' });
    const privBoard = await makeBoard(t.db, priv.id, { name: 'Private wedding', category: 'weddings' });
    const blockerBoard = await makeBoard(t.db, blocker.id, { name: 'Blocker wedding', category: 'weddings' });
    await block(t.db, blocker.id, viewer.id);
    const shown: string[] = [];
    for (let i = 0; i < 3; i++) shown.push(await makePin(t.db, { pinnerId: pub.id, boardId: open.id, image, title: `Bouquet ${i}` }));
    const hidden = await makePin(t.db, { pinnerId: pub.id, boardId: open.id, image, title: 'Hidden bouquet' });
    const never = [
      await makePin(t.db, { pinnerId: pub.id, boardId: secret.id, image, title: 'Secret bouquet' }),
      await makePin(t.db, { pinnerId: pub.id, boardId: prot.id, image, title: 'Protected bouquet' }),
      await makePin(t.db, { pinnerId: priv.id, boardId: privBoard.id, image, title: 'Private bouquet' }),
    ];
    const blocked = await makePin(t.db, { pinnerId: blocker.id, boardId: blockerBoard.id, image, title: 'Blocker bouquet' });
    expect((await viewer.c.resource('PinHideResource', 'create', { pin_id: hidden })).httpStatus).toBe(200);

    const first = await viewer.c.resource('IdeasFeedResource', 'get', { slug: 'weddings', page_size: 2 });
    expect(first.httpStatus).toBe(200);
    expect(ids(first.data)).toEqual([shown[2], shown[1]]);
    const second = await viewer.c.resource('IdeasFeedResource', 'get', { slug: 'weddings', page_size: 2, bookmark: first.bookmark });
    expect(ids(second.data)).toEqual([shown[0]]);
    expect(second.bookmark).toBeFalsy();

    const signedOut = ids((await t.client().resource('IdeasFeedResource', 'get', { slug: 'weddings' })).data);
    expect(signedOut).toEqual([blocked, hidden, ...shown.slice().reverse()]);
    for (const id of never) expect(signedOut).not.toContain(id);

    // A sub-topic's own feed, by its slug.
    const flowers = ids((await t.client().resource('IdeasFeedResource', 'get', { slug: 'wedding-flowers' })).data);
    expect(flowers).toContain(shown[0]);
  });

  it("look each Pin up by key as they walk the topic's index, in the plan PostgreSQL keeps for every call", async () => {
    // As a plain join the statement merged the topic's ids with a backward walk of every Pin (1.4 s a page at 100,000 Pins).
    let sent = '';
    await topicsRepo.ideaFeed(
      {
        async query<T>(sql: string) {
          sent = sql;
          return [] as T[];
        },
      },
      null,
      '1',
      null,
      26,
    );
    const { id } = await topicBySlug('weddings');
    await expectPinsLookedUpByKey(sent, `NULL, ${Number(id)}, NULL`);
  });

  it('answer 404 for an unknown slug, and the header names the sub-topics', async () => {
    const unknown = await t.client().resource('IdeasFeedResource', 'get', { slug: 'no-such-category' });
    expect(unknown.httpStatus).toBe(404);
    expect(unknown.error?.code).toBe(ERROR_CODES.NOT_FOUND.code);
    expect((await t.client().resource('IdeaPageResource', 'get', { slug: 'no-such-category' })).httpStatus).toBe(404);
    const page = await viewer.c.resource('IdeaPageResource', 'get', { slug: 'food-and-drink' });
    const data = page.data as Topic & { children: Topic[]; description: string };
    expect(data.name).toBe('Food and drink');
    expect(data.children.map((c) => c.slug)).toContain('baking');
    expect(data.children.find((c) => c.slug === 'baking')!.is_followed).toBe(true);
  });

  it('have a first HTML with title, description and Open Graph tags, and 404 for an unknown slug', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ideas/travel/', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Travel ideas | Pinboard</title>');
    expect(res.body).toMatch(/<meta property="og:title" content="Travel ideas \| Pinboard"/);
    expect(res.body).toMatch(/<meta name="description" content="Discover travel ideas/);
    const missing = await t.app.inject({ method: 'GET', url: '/ideas/nope/', headers: { accept: 'text/html' } });
    expect(missing.statusCode).toBe(404);
    // A sub-topic is a chip on its category's page, not a page of its own.
    expect((await t.app.inject({ method: 'GET', url: '/ideas/baking/', headers: { accept: 'text/html' } })).statusCode).toBe(404);
  });
});

describe('related Pins', () => {
  it('rank Pins sharing the board, topics or words, never the Pin itself nor what the viewer may not see', async () => {
    const owner = await makeUser(t.db, { username: 'tv_rel_owner' });
    const stranger = await makeUser(t.db, { username: 'tv_rel_stranger' });
    const blocker = await makeUser(t.db, { username: 'tv_rel_blocker' });
    await block(t.db, blocker.id, viewer.id);
    const board = await makeBoard(t.db, owner.id, { name: 'Mountain hikes', category: 'travel' });
    const secret = await makeBoard(t.db, owner.id, { name: 'Secret hikes', category: 'travel', privacy: 'secret' });
    const strangerBoard = await makeBoard(t.db, stranger.id, { name: 'Misc', category: 'other' });
    const blockerBoard = await makeBoard(t.db, blocker.id, { name: 'Blocker misc', category: 'other' });
    const pin = await makePin(t.db, { pinnerId: owner.id, boardId: board.id, image, title: 'Alpine glacier trek' });
    const sameBoard = await makePin(t.db, { pinnerId: owner.id, boardId: board.id, image: other, title: 'Something else' });
    const sameWords = await makePin(t.db, { pinnerId: stranger.id, boardId: strangerBoard.id, image: other, title: 'Glacier views' });
    const unrelated = await makePin(t.db, { pinnerId: stranger.id, boardId: strangerBoard.id, image: other, title: 'Quartz' });
    const secretPin = await makePin(t.db, { pinnerId: owner.id, boardId: secret.id, image, title: 'Alpine glacier secret' });
    const blockedPin = await makePin(t.db, { pinnerId: blocker.id, boardId: blockerBoard.id, image, title: 'Alpine glacier blocked' });
    const hiddenPin = await makePin(t.db, { pinnerId: stranger.id, boardId: strangerBoard.id, image: other, title: 'Alpine glacier hidden' });
    await viewer.c.resource('PinHideResource', 'create', { pin_id: hiddenPin });

    const res = await viewer.c.resource('RelatedPinsResource', 'get', { pin_id: pin });
    expect(res.httpStatus).toBe(200);
    const got = ids(res.data);
    expect(got[0]).toBe(sameBoard);
    expect(got).toContain(sameWords);
    for (const id of [pin, secretPin, blockedPin, hiddenPin, unrelated]) expect(got).not.toContain(id);
    // Nor does any other signed-in person.
    const someoneElse = await t.person('Rel Someone', 'tv');
    expect(ids((await someoneElse.c.resource('RelatedPinsResource', 'get', { pin_id: pin })).data)).not.toContain(secretPin);

    // Paged by keyset over (score, id), without repeats.
    const all: string[] = [];
    let bookmark: string | undefined;
    for (let i = 0; i < 10; i++) {
      const page = await viewer.c.resource('RelatedPinsResource', 'get', { pin_id: pin, page_size: 1, ...(bookmark ? { bookmark } : {}) });
      all.push(...ids(page.data));
      bookmark = page.bookmark ?? undefined;
      if (!bookmark) break;
    }
    expect(all).toEqual(got);
  });

  it('answer 404 for a Pin the viewer may not see, and for one that does not exist; 400 for a forged bookmark', async () => {
    const owner = await makeUser(t.db, { username: 'tv_rel_secret' });
    const secret = await makeBoard(t.db, owner.id, { name: 'Hidden things', privacy: 'secret' });
    const pin = await makePin(t.db, { pinnerId: owner.id, boardId: secret.id, image, title: 'Secret' });
    expect((await viewer.c.resource('RelatedPinsResource', 'get', { pin_id: pin })).httpStatus).toBe(404);
    expect((await viewer.c.resource('RelatedPinsResource', 'get', { pin_id: '123456789' })).httpStatus).toBe(404);
    const forged = await viewer.c.resource('RelatedPinsResource', 'get', { pin_id: pin, bookmark: 'eyJ4IjoxfQ' });
    expect([400, 404]).toContain(forged.httpStatus);
  });
});

describe('related Pins: words most Pins share', () => {
  it('bring no candidates of their own (read from the statistics after ANALYZE) but still count in the rank', async () => {
    const { topicsRepo } = await import('../src/modules/topics/topics.repo');
    const owner = await makeUser(t.db, { username: 'tv_relw_owner' });
    const stranger = await makeUser(t.db, { username: 'tv_relw_stranger' });
    const board = await makeBoard(t.db, owner.id, { name: 'Zanzibar', category: 'other' });
    const elsewhere = await makeBoard(t.db, stranger.id, { name: 'Elsewhere', category: 'other' });
    const pin = await makePin(t.db, { pinnerId: owner.id, boardId: board.id, image, title: 'Everyword rarewordq' });
    const sameBoard = await makePin(t.db, { pinnerId: owner.id, boardId: board.id, image: other, title: 'Everyword' });
    const rare = await makePin(t.db, { pinnerId: stranger.id, boardId: elsewhere.id, image: other, title: 'Rarewordq' });
    const common = await makePin(t.db, { pinnerId: stranger.id, boardId: elsewhere.id, image: other, title: 'Everyword' });
    const [{ n }] = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM pins')) as [{ n: number }];
    for (let i = 0; i < Math.max(250, n * 2); i++) await makePin(t.db, { pinnerId: stranger.id, boardId: elsewhere.id, image: other, title: `Everyword ${i}` });
    await t.db.query('ANALYZE pins');
    const words = await topicsRepo.commonWords(t.db);
    expect(words).toContain('everyword');
    expect(words).not.toContain('rarewordq');

    const related = async (commonWords: string[]) => {
      const rows = await topicsRepo.related(t.db, null, pin, null, 500, commonWords);
      return new Map(rows.map((r) => [r.id, Number(r.score)]));
    };
    const all = await related([]);
    const some = await related(words);
    expect(all.has(common) && all.has(rare)).toBe(true);
    expect(some.has(rare)).toBe(true);
    expect(some.has(common)).toBe(false); // only the common word links it
    // The common word still counts: the board Pin shares it and ranks above a board Pin's 4.
    expect(some.get(sameBoard)).toBeGreaterThan(4);
    expect(some.get(sameBoard)).toBe(all.get(sameBoard));
  });
});

describe('home-feed recommendations', () => {
  it('mix Pins of followed topics into the feed of someone who follows few, marked with why, and no popular Pin of another topic', async () => {
    const reader = await t.person('Few Follows', 'tv');
    const maker = await makeUser(t.db, { username: 'tv_rec_maker' });
    const yoga = await topicBySlug('yoga');
    await reader.c.resource('InterestFollowResource', 'create', { interest_id: yoga.id });
    const board = await makeBoard(t.db, maker.id, { name: 'Stretch', category: 'other' });
    const noRecs = await makeBoard(t.db, maker.id, { name: 'Private stretch', category: 'other' });
    await t.db.query('UPDATE boards SET allow_homefeed_recommendations = false WHERE id = $1', [noRecs.id]);
    const secret = await makeBoard(t.db, maker.id, { name: 'Secret stretch', category: 'other', privacy: 'secret' });
    const yogaPin = await makePin(t.db, { pinnerId: maker.id, boardId: board.id, image, title: 'Morning yoga flow' });
    const optedOut = await makePin(t.db, { pinnerId: maker.id, boardId: noRecs.id, image, title: 'Evening yoga flow' });
    const secretPin = await makePin(t.db, { pinnerId: maker.id, boardId: secret.id, image, title: 'Secret yoga flow' });
    const hiddenPin = await makePin(t.db, { pinnerId: maker.id, boardId: board.id, image, title: 'Hidden yoga flow' });
    const blocker = await makeUser(t.db, { username: 'tv_rec_blocker' });
    const blockerBoard = await makeBoard(t.db, blocker.id, { name: 'Blocker stretch', category: 'other' });
    const blockedPin = await makePin(t.db, { pinnerId: blocker.id, boardId: blockerBoard.id, image, title: 'Blocker yoga flow' });
    await block(t.db, blocker.id, reader.id);
    const popular = await makePin(t.db, { pinnerId: maker.id, boardId: board.id, image, title: 'Quartz' });
    await t.db.query('UPDATE pins SET repin_count = 5 WHERE id = $1', [popular]);
    await reader.c.resource('PinHideResource', 'create', { pin_id: hiddenPin });

    const feed = (await reader.c.resource('UserHomefeedResource', 'get')).data as (PinOut & {
      recommendation_reason?: { type: string; interest_name: string | null };
    })[];
    const byId = new Map(feed.map((p) => [p.id, p]));
    expect(byId.get(yogaPin)?.recommendation_reason).toEqual({ type: 'interest', interest_id: yoga.id, interest_name: 'Yoga' });
    for (const id of [optedOut, secretPin, hiddenPin, blockedPin, popular]) expect(byId.has(id)).toBe(false);
    // Newest first, one keyset through both.
    const order = feed.map((p) => BigInt(p.id));
    expect(order).toEqual([...order].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
  });

  it('give someone who follows no topic popular public Pins, until they follow someone', async () => {
    const maker = await makeUser(t.db, { username: 'tv_pop_maker' });
    const board = await makeBoard(t.db, maker.id, { name: 'Rocks', category: 'other' });
    const popular = await makePin(t.db, { pinnerId: maker.id, boardId: board.id, image, title: 'Quartz cluster' });
    await t.db.query('UPDATE pins SET repin_count = 5 WHERE id = $1', [popular]);
    const plain = await makePin(t.db, { pinnerId: maker.id, boardId: board.id, image, title: 'Granite slab' });
    const newcomer = await t.person('No Topics', 'tv');
    const feedOf = async () =>
      new Map(
        ((await newcomer.c.resource('UserHomefeedResource', 'get', { page_size: 50 })).data as (PinOut & { recommendation_reason?: { type: string } })[]).map(
          (p) => [p.id, p],
        ),
      );
    const first = await feedOf();
    expect(first.get(popular)?.recommendation_reason?.type).toBe('popular');
    expect(first.has(plain)).toBe(false);
    await follow(t.db, newcomer.id, (await makeUser(t.db, { username: 'tv_pop_friend' })).id);
    expect((await feedOf()).has(popular)).toBe(false);
  });

  it('leave the feed of someone who follows many as it was', async () => {
    const busy = await t.person('Many Follows', 'tv');
    await busy.c.resource('InterestFollowResource', 'create', { interest_id: (await topicBySlug('yoga')).id });
    for (let i = 0; i < 10; i++) await follow(t.db, busy.id, (await makeUser(t.db, { username: `tv_followed_${i}` })).id);
    const feed = (await busy.c.resource('UserHomefeedResource', 'get')).data as { recommendation_reason?: unknown }[];
    expect(feed.filter((p) => p.recommendation_reason)).toEqual([]);
  });
});
