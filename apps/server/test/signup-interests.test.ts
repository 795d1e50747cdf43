/**
 * Interests at sign-up (decision 089): UserInterestsResource update takes at least 3 topics and sets the followed
 * topics to them; a new person's first home feed comes from those topics.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBoard, makePin, makeStoredImage, makeUser, type StoredImage } from '../src/seed/factories';
import { buildTestApp, type TestApp } from './test-app';

let t: TestApp;
let image: StoredImage;
beforeAll(async () => {
  t = await buildTestApp();
  image = await makeStoredImage(t.media, { seed: 93, width: 300, height: 300 });
});
afterAll(() => t.close());

type Topic = { id: string; slug: string; is_followed: boolean };
async function topicIds(...slugs: string[]) {
  const all = (await t.client().resource('InterestsResource', 'get')).data as Topic[];
  return slugs.map((slug) => all.find((x) => x.slug === slug)!.id);
}
const setInterests = (c: ReturnType<TestApp['client']>, ids: string[]) => c.resource('UserInterestsResource', 'update', { interest_ids: ids });

describe('UserInterestsResource update', () => {
  it('refuses fewer than 3 different topics with a clear message, unknown topics, and signed out, storing nothing', async () => {
    const who = await t.person('New Person', 'si');
    const [yoga, baking, travel] = await topicIds('yoga', 'baking', 'travel');
    for (const ids of [[], [yoga!], [yoga!, baking!], [yoga!, yoga!, baking!]]) {
      const res = await setInterests(who.c, ids);
      expect(res.httpStatus).toBe(400);
      expect(res.error?.message).toBe('interest_ids: pick at least 3 topics.');
      expect(res.error?.message_key).toBe('interests.tooFew');
    }
    expect((await setInterests(who.c, [yoga!, baking!, '999999'])).httpStatus).toBe(400);
    expect((await setInterests(t.client(), [yoga!, baking!, travel!])).httpStatus).toBe(401);
    expect(await t.db.one('SELECT 1 FROM interest_follows WHERE user_id = $1', [who.id])).toBeNull();
  });

  it('sets the followed topics to exactly those given and answers them', async () => {
    const who = await t.person('Picker', 'si');
    const [yoga, baking, travel, weddings] = await topicIds('yoga', 'baking', 'travel', 'weddings');
    const res = await setInterests(who.c, [yoga!, baking!, travel!]);
    expect(res.httpStatus).toBe(200);
    expect((res.data as Topic[]).map((x) => x.id).sort()).toEqual([yoga!, baking!, travel!].sort());
    expect((res.data as Topic[]).every((x) => x.is_followed)).toBe(true);
    await setInterests(who.c, [baking!, travel!, weddings!]);
    const listed = (await who.c.resource('UserInterestsResource', 'get', { username: who.username })).data as Topic[];
    expect(listed.map((x) => x.id).sort()).toEqual([baking!, travel!, weddings!].sort());
  });
});

describe("a new person's first home feed", () => {
  it("shows their topics' Pins, marked with the topic; following someone adds that person's Pins", async () => {
    const maker = await makeUser(t.db, { username: 'si_maker' });
    const board = await makeBoard(t.db, maker.id, { name: 'Studio' });
    const yogaPin = await makePin(t.db, { pinnerId: maker.id, boardId: board.id, image, title: 'Morning yoga flow' });
    const bakingPin = await makePin(t.db, { pinnerId: maker.id, boardId: board.id, image, title: 'Sourdough baking at home' });
    const friend = await t.person('Friend', 'si');
    const friendsBoard = await makeBoard(t.db, friend.id, { name: 'Things' });
    const friendsPin = await makePin(t.db, { pinnerId: friend.id, boardId: friendsBoard.id, image, title: 'A plain chair' });
    const offTopic = await makePin(t.db, { pinnerId: maker.id, boardId: board.id, image, title: 'Quartz and granite' });
    await t.db.query('UPDATE pins SET repin_count = 5 WHERE id = $1', [offTopic]);

    const who = await t.person('Starter', 'si');
    const feedOf = async () =>
      (await who.c.resource('UserHomefeedResource', 'get', { page_size: 50 })).data as {
        id: string;
        recommendation_reason?: { type: string; interest_name: string | null };
      }[];
    expect((await feedOf()).map((p) => p.id)).not.toContain(yogaPin);

    await setInterests(who.c, await topicIds('yoga', 'baking', 'travel'));
    const first = new Map((await feedOf()).map((p) => [p.id, p]));
    expect(first.get(yogaPin)?.recommendation_reason).toMatchObject({ type: 'interest', interest_name: 'Yoga' });
    expect(first.get(bakingPin)?.recommendation_reason?.type).toBe('interest');
    expect(first.has(friendsPin)).toBe(false);
    // Popular, but of no topic they chose.
    expect(first.has(offTopic)).toBe(false);

    await who.c.resource('UserFollowResource', 'create', { user_id: friend.id });
    const after = new Map((await feedOf()).map((p) => [p.id, p]));
    expect(after.get(friendsPin)).toBeDefined();
    expect(after.get(friendsPin)?.recommendation_reason).toBeUndefined();
  });
});
