import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { DiskMediaStore } from '../src/media-pipeline/disk-media-store';
import { createRedisMessageBus } from '../src/modules/messages/messages.redis-bus';
import { MESSAGE_EVENTS_PATH, registerMessageEventsRoute } from '../src/modules/messages/messages.routes';
import { MemoryRateLimiter } from '../src/rate-limit';
import { block, follow, makeUser } from '../src/seed/factories';
import { userAccounts } from '../src/modules/users';
import type { Services } from '../src/services';
import { TestClient, type TestApp } from './test-app';
import { openTestDb } from './test-db';
import { cookieOf, openEventStream } from './event-stream';
import { ERROR_CODES } from '@pinboard/shared/api/error-codes';

/**
 * Like buildTestApp, but registers the message event stream before the app
 * is ready (unless app.ts already does) and listens on a port, because
 * inject cannot stream.
 */
async function buildLiveTestApp(): Promise<
  Omit<TestApp, 'person' | 'jobs' | 'jobsSettled' | 'metrics'> & { services: Services; baseUrl: string; pingsFast: boolean }
> {
  const mediaDir = mkdtempSync(join(tmpdir(), 'pinboard-media-'));
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: mediaDir, WEB_DIST_DIR: join(mediaDir, 'no-web'), METRICS_PORT: '0' });
  const db = await openTestDb();
  const media = new DiskMediaStore(mediaDir);
  const { app, services, registry, beforeFramework } = await buildApp(
    { config, db, media, limiter: new MemoryRateLimiter() },
    { logger: false, answerCheck: 'strict' },
  );
  await app.after();
  const pingsFast = !app.hasRoute({ method: 'GET', url: MESSAGE_EVENTS_PATH });
  if (pingsFast) registerMessageEventsRoute(app, services, { pingMs: 100 });
  await app.ready();
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    db,
    media,
    config,
    registry,
    answerCheck: 'strict',
    beforeFramework,
    services,
    baseUrl: address,
    pingsFast,
    client: () => new TestClient(app),
    async close() {
      await app.close();
      await db.close();
      rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}

let t: Awaited<ReturnType<typeof buildLiveTestApp>>;
let ann: TestClient;
let annId: string;
let ben: TestClient;
let benId: string;
let cat: TestClient;
let catId: string;

beforeAll(async () => {
  t = await buildLiveTestApp();
  ann = t.client();
  ben = t.client();
  cat = t.client();
  annId = (await ann.signUp({ email: 'msg-ann@example.com', username: 'msg_ann', full_name: 'Ann Archer' })).id;
  benId = (await ben.signUp({ email: 'msg-ben@example.com', username: 'msg_ben', full_name: 'Ben Baker' })).id;
  catId = (await cat.signUp({ email: 'msg-cat@example.com', username: 'msg_cat', full_name: 'Cat Cole' })).id;
});
afterAll(() => t?.close());

const count = async (table: 'messages' | 'conversations' | 'conversation_members') =>
  (await t.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))!.n;
const counts = async () => [await count('conversations'), await count('conversation_members'), await count('messages')];

const start = (c: TestClient, userIds: string[], text: string, extra: Record<string, unknown> = {}) =>
  c.resource('ConversationsResource', 'create', { user_ids: userIds, text, ...extra });
const reply = (c: TestClient, conversationId: string, text: string) =>
  c.resource('ConversationMessagesResource', 'create', { conversation_id: conversationId, text });
const inbox = (c: TestClient, options: Record<string, unknown> = {}) => c.resource('ConversationsResource', 'get', options);
const messages = (c: TestClient, conversationId: string, options: Record<string, unknown> = {}) =>
  c.resource('ConversationMessagesResource', 'get', { conversation_id: conversationId, ...options });
const texts = (r: { data?: { text: string }[] }) => (r.data ?? []).map((m) => m.text);

async function newPerson(name: string) {
  const c = t.client();
  const { id } = await c.signUp({ email: `${name}@example.com`, username: name, full_name: name });
  return { c, id };
}

describe('starting a conversation', () => {
  it('appears in both inboxes, unread for the recipient only', async () => {
    const r = await start(ann, [benId], '  Hi Ben  ');
    expect(r.httpStatus).toBe(200);
    expect(r.data).toMatchObject({ id: expect.stringMatching(/^\d+$/), unread: false, last_message: { text: 'Hi Ben', sender_id: annId } });
    expect(r.data.members.map((m: { username: string }) => m.username)).toEqual(['msg_ben', 'msg_ann']);
    expect(r.data.members[0]).toEqual({ id: benId, username: 'msg_ben', full_name: 'Ben Baker', image_small_url: null, image_medium_url: null });

    const annInbox = await inbox(ann);
    expect(annInbox.data.map((c: { id: string }) => c.id)).toEqual([r.data.id]);
    expect(annInbox.data[0]).toMatchObject({ unread: false, last_message: { id: r.data.last_message.id, text: 'Hi Ben' } });
    const benInbox = await inbox(ben);
    expect(benInbox.data[0]).toMatchObject({ id: r.data.id, unread: true, last_message: { text: 'Hi Ben', sender_id: annId } });

    // Reading marks it read; a reply makes it unread for the other side.
    expect(texts(await messages(ben, r.data.id))).toEqual(['Hi Ben']);
    expect((await inbox(ben)).data[0].unread).toBe(false);
    expect((await reply(ben, r.data.id, 'Hello Ann')).data).toMatchObject({ text: 'Hello Ann', sender_id: benId, conversation_id: r.data.id });
    expect((await inbox(ann)).data[0]).toMatchObject({ unread: true, last_message: { text: 'Hello Ann' } });
    expect((await inbox(ben)).data[0].unread).toBe(false);
    expect((await ann.resource('ConversationResource', 'get', { conversation_id: r.data.id })).data).toMatchObject({ id: r.data.id, unread: true });
  });

  it('reuses the conversation with exactly the same people, also when two start it at once', async () => {
    const first = await start(ann, [catId], 'One');
    const before = await counts();
    const second = await start(cat, [annId], 'Two');
    expect(second.data.id).toBe(first.data.id);
    expect(second.data.last_message.text).toBe('Two');
    expect(await counts()).toEqual([before[0], before[1], before[2]! + 1]);
    expect(texts(await messages(ann, first.data.id))).toEqual(['Two', 'One']);

    const group = await start(ann, [catId, benId], 'Group hello');
    expect(group.data.id).not.toBe(first.data.id);
    expect(group.data.members).toHaveLength(3);
    expect((await start(ben, [catId, annId], 'Group again')).data.id).toBe(group.data.id);

    const { id: dan, c: danClient } = await newPerson('msg_dan');
    const raced = await Promise.all(
      ['one', 'two', 'three', 'four'].map((n, i) => (i % 2 ? start(ann, [dan], `Race ${n}`) : start(danClient, [annId], `Race ${n}`))),
    );
    expect(new Set(raced.map((r) => r.data.id)).size).toBe(1);
    expect(texts(await messages(ann, raced[0]!.data.id)).sort()).toEqual(['Race four', 'Race one', 'Race three', 'Race two']);
  });

  it('lists the inbox newest activity first, keyset-paged', async () => {
    const { c: eve } = await newPerson('msg_eve');
    const people = await Promise.all(['msg_p1', 'msg_p2', 'msg_p3'].map(newPerson));
    const ids: string[] = [];
    for (const p of people) ids.push((await start(eve, [p.id], `to ${p.id}`)).data.id);
    await reply(people[0]!.c, ids[0]!, 'bump');
    const expected = [ids[0], ids[2], ids[1]];
    const page1 = await inbox(eve, { page_size: 2 });
    expect(page1.data.map((c: { id: string }) => c.id)).toEqual(expected.slice(0, 2));
    expect(page1.data[0]).toMatchObject({ unread: true, last_message: { text: 'bump' } });
    expect(page1.bookmark).toEqual(expect.any(String));
    const page2 = await inbox(eve, { page_size: 2, bookmark: page1.bookmark });
    expect(page2.data.map((c: { id: string }) => c.id)).toEqual(expected.slice(2));
    expect(page2.bookmark).toBeNull();
    expect((await inbox(eve, { bookmark: 'not-a-cursor' })).httpStatus).toBe(400);
  });
});

describe('messages of a conversation', () => {
  it('pages back with bookmark and forward with since_id', async () => {
    const { c: fay } = await newPerson('msg_fay');
    const { id: gilId, c: gil } = await newPerson('msg_gil');
    const conv = (await start(fay, [gilId], 'm1')).data.id as string;
    const sent = [{ id: '' }];
    for (const text of ['m2', 'm3', 'm4', 'm5']) sent.push((await reply(text === 'm3' ? gil : fay, conv, text)).data);

    const p1 = await messages(fay, conv, { page_size: 2 });
    expect(texts(p1)).toEqual(['m5', 'm4']);
    const p2 = await messages(fay, conv, { page_size: 2, bookmark: p1.bookmark });
    expect(texts(p2)).toEqual(['m3', 'm2']);
    const p3 = await messages(fay, conv, { page_size: 2, bookmark: p2.bookmark });
    expect(texts(p3)).toEqual(['m1']);
    expect(p3.bookmark).toBeNull();

    const since = await messages(gil, conv, { since_id: sent[2]!.id, page_size: 1 });
    expect(texts(since)).toEqual(['m4']);
    const onward = await messages(gil, conv, { since_id: sent[2]!.id, page_size: 1, bookmark: since.bookmark });
    expect(texts(onward)).toEqual(['m5']);
    expect(onward.bookmark).toBeNull();
    expect(texts(await messages(gil, conv, { since_id: sent[4]!.id }))).toEqual([]);
    expect(p1.data[0]).toEqual({
      id: sent[4]!.id,
      conversation_id: conv,
      sender_id: expect.any(String),
      text: 'm5',
      pin_id: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('are for members only: others get 404 and write nothing', async () => {
    const conv = (await start(ann, [benId], 'Private chat')).data.id as string;
    const before = await counts();
    expect((await messages(cat, conv)).httpStatus).toBe(404);
    expect((await reply(cat, conv, 'Let me in')).httpStatus).toBe(404);
    expect((await cat.resource('ConversationResource', 'get', { conversation_id: conv })).httpStatus).toBe(404);
    expect((await messages(cat, '999999999')).httpStatus).toBe(404);
    expect((await inbox(cat)).data.map((c: { id: string }) => c.id)).not.toContain(conv);
    expect(await counts()).toEqual(before);
  });
});

describe('refusals write nothing', () => {
  it('empty or whitespace-only text is 400 naming text', async () => {
    const conv = (await start(ann, [benId], 'Existing')).data.id as string;
    const before = await counts();
    for (const text of ['', '   ', '\n\t ']) {
      for (const r of [await start(ann, [catId], text), await reply(ann, conv, text)]) {
        expect(r.httpStatus).toBe(400);
        expect(r.error).toMatchObject({ field: 'text', message: 'Say something first.' });
      }
    }
    expect((await ann.resource('ConversationsResource', 'create', { user_ids: [catId] })).error).toMatchObject({
      field: 'text',
      message: 'Say something first.',
    });
    expect((await start(ann, [catId], 'x'.repeat(2001))).error).toMatchObject({ field: 'text', message: 'Please enter no more than 2000 characters.' });
    expect(await counts()).toEqual(before);
  });

  it('messaging oneself, unknown people and bad recipient lists', async () => {
    const before = await counts();
    const self = await start(ann, [annId], 'Note to self');
    expect(self.httpStatus).toBe(400);
    expect(self.error?.field).toBe('user_ids');
    expect((await start(ann, [benId, annId], 'Me too')).httpStatus).toBe(400);
    expect((await start(ann, ['123456789'], 'Anyone?')).httpStatus).toBe(404);
    expect((await start(ann, [benId, benId], 'Twice')).error?.field).toBe('user_ids');
    expect((await start(ann, [], 'Nobody')).error?.field).toBe('user_ids');
    expect((await start(ann, ['abc'], 'Bad id')).httpStatus).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('is refused across a block, either way, also in an existing conversation: 404 as for a missing person to the blocked one', async () => {
    const { c: hal, id: halId } = await newPerson('msg_hal');
    const { c: ivy, id: ivyId } = await newPerson('msg_ivy');
    const conv = (await start(hal, [ivyId], 'Before the block')).data.id as string;
    await block(t.db, halId, ivyId);
    const before = await counts();
    // The blocker is told of their own block, starting or replying alike.
    for (const r of [await start(hal, [ivyId], 'Blocker writes'), await reply(hal, conv, 'Reply')]) {
      expect(r.httpStatus).toBe(403);
      expect(r.error?.message).toBe("You can't message this person.");
    }
    // Someone who was blocked gets the answer for a missing person, starting or replying alike:
    // nothing tells them about the block (users.policy blockAnswersAsMissing).
    const missing = await start(ivy, ['123456789'], 'Nobody');
    for (const r of [await start(ivy, [halId], 'Blocked writes'), await reply(ivy, conv, 'Blocked replies')]) {
      expect(r.httpStatus).toBe(404);
      expect(r.error).toEqual(missing.error);
      expect(r.error?.message).toBe('That person could not be found.');
    }
    await t.db.query('DELETE FROM blocks WHERE blocker_id = $1', [halId]);
    await block(t.db, ivyId, halId);
    expect((await start(hal, [ivyId], 'Other way')).httpStatus).toBe(404);
    expect((await reply(hal, conv, 'Other way')).error).toEqual(missing.error);
    expect((await reply(ivy, conv, 'Other way')).error?.message).toBe("You can't message this person.");
    // A block between two others is not revealed either.
    expect((await start(ann, [halId, ivyId], 'Group of two who blocked')).httpStatus).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('is 403 when the recipient does not accept messages', async () => {
    const { id: jayId } = await newPerson('msg_jay');
    await t.db.query('UPDATE users SET allow_messages = false WHERE id = $1', [jayId]);
    const before = await counts();
    const r = await start(ann, [jayId], 'Hello?');
    expect(r.httpStatus).toBe(403);
    expect(r.error?.message).toBe("This person isn't accepting messages.");
    expect(await counts()).toEqual(before);
  });

  it('is 401 signed out', async () => {
    const anon = t.client();
    const before = await counts();
    expect((await start(anon, [annId], 'Hi')).httpStatus).toBe(401);
    expect((await inbox(anon)).httpStatus).toBe(401);
    expect((await messages(anon, '1')).httpStatus).toBe(401);
    expect((await reply(anon, '1', 'Hi')).httpStatus).toBe(401);
    expect((await anon.resource('ShareSuggestionsResource', 'get', {})).httpStatus).toBe(401);
    expect((await anon.request('GET', '/v3/conversations/1/events/')).statusCode).toBe(401);
    expect(await counts()).toEqual(before);
  });
});

function openEvents(c: TestClient, conversationId: string, headers: Record<string, string> = {}, baseUrl = t.baseUrl) {
  return openEventStream(c, `${baseUrl}/v3/conversations/${conversationId}/events/`, headers);
}

async function eventually(check: () => boolean, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('live updates (server-sent events)', () => {
  it('pushes a message posted by the other member, and unsubscribes on disconnect', async () => {
    const conv = (await start(ann, [catId], 'Live chat')).data.id as string;
    const bus = t.services.messages.bus;
    const before = bus.subscriberCount(conv);
    const stream = await openEvents(ann, conv);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toBe('text/event-stream');
    expect(stream.res.headers.get('cache-control')).toBe('private, no-store');
    await stream.next((e) => e.comments.includes('connected'));
    expect(bus.subscriberCount(conv)).toBe(before + 1);

    const sent = (await reply(cat, conv, 'Are you there?')).data;
    const ev = await stream.next((e) => e.event === 'message');
    expect(ev.id).toBe(sent.id);
    expect(JSON.parse(ev.data)).toEqual(sent);

    const viaCreate = (await start(cat, [annId], 'Via create')).data;
    expect(JSON.parse((await stream.next((e) => e.event === 'message')).data)).toEqual(viaCreate.last_message);

    stream.close();
    await eventually(() => bus.subscriberCount(conv) === before);
  });

  it('sends what was missed after Last-Event-ID, and comment pings', async () => {
    const conv = (await start(ben, [catId], 'Earlier')).data.id as string;
    const first = (await reply(cat, conv, 'Missed one')).data;
    const second = (await reply(ben, conv, 'Missed two')).data;
    const stream = await openEvents(ben, conv, { 'last-event-id': first.id });
    const ev = await stream.next((e) => e.event === 'message');
    expect(JSON.parse(ev.data)).toEqual(second);
    if (t.pingsFast) await stream.next((e) => e.comments.includes('ping'), 2000);
    stream.close();
  });

  it('is for members only', async () => {
    const conv = (await start(ann, [benId], 'Members only')).data.id as string;
    const res = await fetch(`${t.baseUrl}/v3/conversations/${conv}/events/`, { headers: { cookie: cookieOf(cat) } });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ status: 'failure', code: ERROR_CODES.NOT_FOUND.code });
    expect((await fetch(`${t.baseUrl}/v3/conversations/abc/events/`, { headers: { cookie: cookieOf(cat) } })).status).toBe(404);
    expect(t.services.messages.bus.subscriberCount(conv)).toBe(0);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('live updates across server processes (Redis bus)', () => {
  /** Another server on the same database, with the Redis bus, listening on its own port. */
  async function serverWithRedisBus(prefix: string) {
    const bus = createRedisMessageBus(process.env.TEST_REDIS_URL!, { prefix });
    const { app } = await buildApp({ config: t.config, db: t.db, media: t.media, limiter: new MemoryRateLimiter(), bus }, { logger: false });
    await app.ready();
    return { app, baseUrl: await app.listen({ port: 0, host: '127.0.0.1' }) };
  }

  it('a message sent through one server reaches a stream held by another', async () => {
    const prefix = `test:${randomBytes(6).toString('hex')}:`;
    const [one, two] = [await serverWithRedisBus(prefix), await serverWithRedisBus(prefix)];
    try {
      const conv = (await start(ann, [catId], 'Across servers')).data.id as string;
      const stream = await openEvents(ann, conv, {}, two.baseUrl);
      await stream.next((e) => e.comments.includes('connected'));
      const viaOne = new TestClient(one.app);
      for (const [k, v] of cat.cookies) viaOne.cookies.set(k, v);
      const sent = (await reply(viaOne, conv, 'Sent through server one')).data;
      expect(JSON.parse((await stream.next((e) => e.event === 'message')).data)).toEqual(sent);
      stream.close();
    } finally {
      await one.app.close();
      await two.app.close();
    }
  });
});

describe('share suggestions', () => {
  it('lists people one talks with, then people one follows, then an email candidate', async () => {
    const { c: kim, id: kimId } = await newPerson('sg_kim');
    const older = await makeUser(t.db, { username: 'sg_older', fullName: 'Olive Older' });
    const recent = await makeUser(t.db, { username: 'sg_recent', fullName: 'Rita Recent' });
    const followed = await makeUser(t.db, { username: 'sg_followed', fullName: 'Fred Followed' });
    const both = await makeUser(t.db, { username: 'sg_both', fullName: 'Bea Both' });
    const grouped = await makeUser(t.db, { username: 'sg_grouped', fullName: 'Gus Grouped' });
    const blocked = await makeUser(t.db, { username: 'sg_blocked', fullName: 'Bob Blocked' });
    const closed = await makeUser(t.db, { username: 'sg_closed', fullName: 'Cleo Closed' });
    await makeUser(t.db, { username: 'sg_stranger', fullName: 'Sam Stranger' });
    await makeUser(t.db, { username: 'sgxlookalike', fullName: 'Lou Lookalike' });

    for (const u of [followed, both, blocked, closed]) {
      await follow(t.db, kimId, u.id);
    }
    await start(kim, [older.id], 'old');
    await start(kim, [both.id], 'both');
    await start(kim, [recent.id], 'recent');
    await start(kim, [older.id, grouped.id], 'group');
    await block(t.db, blocked.id, kimId);
    await t.db.query('UPDATE users SET allow_messages = false WHERE id = $1', [closed.id]);

    const names = (r: { data?: { username?: string; type: string; email?: string }[] }) => (r.data ?? []).map((s) => s.username ?? `${s.type}:${s.email}`);
    const suggest = (options: Record<string, unknown>) => kim.resource('ShareSuggestionsResource', 'get', options);

    const plain = await suggest({ field_set_key: 'default', hide_group_conversations: true });
    expect(plain.httpStatus).toBe(200);
    // Most recent conversation first; the group conversation counts unless hidden.
    expect(names(plain)).toEqual(['sg_recent', 'sg_both', 'sg_older', 'sg_followed']);
    expect(plain.data[0]).toEqual({ type: 'user_share_suggestion', id: recent.id, username: 'sg_recent', full_name: 'Rita Recent', image_medium_url: null });
    expect(names(await suggest({}))).toEqual(['sg_grouped', 'sg_older', 'sg_recent', 'sg_both', 'sg_followed']);
    expect(names(await suggest({ hide_group_conversations: true, page_size: 2 }))).toEqual(['sg_recent', 'sg_both']);

    // Typeahead: prefix of username, name or a word of the name, the viewer's people first; wildcards are literal.
    expect(names(await suggest({ query: 'SG_' }))).toEqual(['sg_grouped', 'sg_older', 'sg_recent', 'sg_both', 'sg_followed', 'sg_stranger']);
    expect(names(await suggest({ query: 'sam' }))).toEqual(['sg_stranger']);
    expect(names(await suggest({ query: 'stranger' }))).toEqual(['sg_stranger']);
    expect(names(await suggest({ query: 'sgx' }))).toEqual(['sgxlookalike']);
    expect(names(await suggest({ query: '%' }))).toEqual([]);
    expect(names(await suggest({ query: 'bob' }))).toEqual([]);

    const email = await suggest({ query: 'friend@example.com' });
    expect(email.data).toEqual([{ type: 'email', email: 'friend@example.com' }]);
    expect(names(await suggest({ query: 'sg_', page_size: 1 }))).toEqual(['sg_grouped']);
    expect(names(await suggest({ query: 'sg_recent@example.com', page_size: 1 }))).toEqual(['email:sg_recent@example.com']);
    expect((await suggest({ page_size: 21 })).httpStatus).toBe(400);
  });
});

/**
 * A removed person (decision 045) in others' conversations: the
 * conversation stays, they show as an unavailable account (no name, picture
 * or username), their messages are left out of every list and the live
 * stream, a conversation with only them takes no new message, nobody starts
 * one with them or gets them suggested, and their own streams end at removal.
 */
describe('a removed person in conversations', () => {
  it('shows as an unavailable account, their messages leave every list and stream, and nothing new reaches them', async () => {
    const staff = await newPerson('rm_staff');
    const staffName = 'rm_staff';
    await userAccounts.setEmployee(t.db, staffName, true);
    const dan = await newPerson('rm_dan');
    const eve = await newPerson('rm_eve');
    const fay = await newPerson('rm_fay');
    const pair = (await start(eve.c, [dan.id], 'Hello Dan')).data.id as string;
    expect((await reply(dan.c, pair, 'Zorblax scam link')).httpStatus).toBe(200);
    const group = (await start(eve.c, [dan.id, fay.id], 'Hi all')).data.id as string;
    expect((await reply(dan.c, group, 'Zorblax for all')).httpStatus).toBe(200);
    expect((await eve.c.resource('UserFollowResource', 'create', { user_id: dan.id })).httpStatus).toBe(200);
    const suggested = async (query?: string) =>
      ((await eve.c.resource('ShareSuggestionsResource', 'get', query ? { query } : {})).data as { id?: string }[]).map((s) => s.id);
    expect(await suggested()).toContain(dan.id);
    expect(await suggested('rm_dan')).toContain(dan.id);

    const dansStream = await openEvents(dan.c, pair);
    await dansStream.next((e) => e.comments.includes('connected'));
    const evesStream = await openEvents(eve.c, pair);
    await evesStream.next((e) => e.comments.includes('connected'));

    const report = await eve.c.resource('UserReportResource', 'create', { user_id: dan.id, reason: 'spam' });
    expect(report.httpStatus).toBe(200);
    const decided = await staff.c.resource('ModerationDecisionResource', 'create', {
      report_id: report.data.id,
      decision: 'remove',
      statement_of_reasons: 'Scam links.',
    });
    expect(decided.httpStatus).toBe(200);

    // Their own stream ends at once (their sessions ended).
    await dansStream.next((e) => e.event === 'session_ended');
    dansStream.close();

    // The conversations stay, with them as an unavailable account, and without their messages.
    const conversations = (await inbox(eve.c)).data as {
      id: string;
      members: { id: string; username: string; full_name: string; image_medium_url: string | null }[];
      last_message: { text: string } | null;
      unread: boolean;
    }[];
    for (const id of [pair, group]) {
      const conv = conversations.find((c) => c.id === id)!;
      expect(conv.members.find((m) => m.id === dan.id)).toEqual({ id: dan.id, username: '', full_name: '', image_small_url: null, image_medium_url: null });
      expect(conv.last_message?.text).not.toMatch(/Zorblax/);
      expect(conv.unread).toBe(false);
    }
    expect(conversations.find((c) => c.id === group)!.members.find((m) => m.id === fay.id)?.username).toBe('rm_fay');
    const one = (await eve.c.resource('ConversationResource', 'get', { conversation_id: pair })).data;
    expect(one.members.find((m: { id: string }) => m.id === dan.id).username).toBe('');
    expect(texts(await messages(eve.c, pair))).toEqual(['Hello Dan']);
    expect(texts(await messages(fay.c, group))).toEqual(['Hi all']);

    // Nothing new reaches them: not in a conversation with only them, not in a new one; the group goes on.
    const before = await counts();
    expect((await reply(eve.c, pair, 'Still there?')).httpStatus).toBe(404);
    expect((await start(eve.c, [dan.id], 'New try')).httpStatus).toBe(404);
    expect(await counts()).toEqual(before);
    expect((await reply(eve.c, group, 'Just us now')).httpStatus).toBe(200);
    expect(await suggested()).not.toContain(dan.id);
    expect(await suggested('rm_dan')).not.toContain(dan.id);

    // Others' open streams do not deliver their messages (one already on the bus when they were removed).
    const late = {
      id: '9000000000000000001',
      conversation_id: pair,
      sender_id: dan.id,
      text: 'Zorblax late',
      pin_id: null,
      created_at: new Date().toISOString(),
    };
    await t.services.messages.bus.publish(pair, late);
    const sent = (await t.db.one<{ id: string }>(
      `INSERT INTO messages (id, conversation_id, sender_id, text, created_at) VALUES ('9000000000000000002', $1, $2, 'From Eve', clock_timestamp()) RETURNING id::text`,
      [pair, eve.id],
    ))!;
    await t.services.messages.bus.publish(pair, { ...late, id: sent.id, sender_id: eve.id, text: 'From Eve' });
    const ev = await evesStream.next((e) => e.event === 'message');
    expect(JSON.parse(ev.data).text).toBe('From Eve');
    evesStream.close();
  });
});
