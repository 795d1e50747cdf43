/**
 * Comments on Pins (docs/product/api-contract.md §8): the list newest first by keyset,
 * writing (1–500 characters), deleting (author or the Pin's owner),
 * reporting, comments turned off per Pin and by default, blocks, and 404 for
 * every Pin the viewer may not see (secret board, private profile, deleted).
 */
import { ERROR_CODES } from '@pinboard/shared/api/error-codes';
import { zPinCommentOut } from '@pinboard/shared/schemas/comments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follow, makeBoard, makeComment, makePin, makeStoredImage, type StoredImage } from '../src/seed/factories';
import { countQueries } from './db-observers';
import { buildTestApp, type TestApp, type TestClient, type TestPerson } from './test-app';

let t: TestApp;
let image: StoredImage;

beforeAll(async () => {
  t = await buildTestApp({ SIGNUP_RATE_LIMIT_CLIENT: '500', RATE_LIMIT_COMMENT: '8' });
  image = await makeStoredImage(t.media, { seed: 31, width: 200, height: 300 });
});
afterAll(async () => {
  await t?.close();
});

const person = (name: string) => t.person(name, 'cm');
const pinOf = (owner: TestPerson, boardId: string | null = null) => makePin(t.db, { pinnerId: owner.id, boardId, image, title: 'A Pin' });
const list = (c: TestClient, pinId: string, extra: Record<string, unknown> = {}) => c.resource('PinCommentsResource', 'get', { pin_id: pinId, ...extra });
const comment = (c: TestClient, pinId: string, text: string) => c.resource('PinCommentResource', 'create', { pin_id: pinId, text });
const remove = (c: TestClient, commentId: string) => c.resource('PinCommentResource', 'delete', { comment_id: commentId });
const countOf = async (c: TestClient, pinId: string) => (await c.resource('PinResource', 'get', { id: pinId })).data.comment_count as number;
const rowsOn = async (pinId: string) => (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM pin_comments WHERE pin_id = $1', [pinId]))!.n;

describe('writing and reading comments', () => {
  it('answers a comment, lists them newest first by keyset and keeps comment_count exact', async () => {
    const owner = await person('Ona Owner');
    const ann = await person('Ann Writer');
    const pinId = await pinOf(owner);
    const made = await comment(ann.c, pinId, 'So pretty!');
    expect(made.httpStatus).toBe(200);
    expect(zPinCommentOut.parse(made.data)).toMatchObject({
      pin_id: pinId,
      text: 'So pretty!',
      user: { id: ann.id, username: ann.username },
      can_delete: true,
    });
    for (const text of ['two', 'three', 'four', 'five']) await makeComment(t.db, { pinId, authorId: owner.id, text });
    expect(await countOf(ann.c, pinId)).toBe(5);

    const first = await list(t.client(), pinId, { page_size: 2 });
    expect(first.httpStatus).toBe(200);
    expect(first.data.map((c: { text: string }) => c.text)).toEqual(['five', 'four']);
    expect(first.bookmark).toBeTruthy();
    const second = await list(t.client(), pinId, { page_size: 2, bookmark: first.bookmark });
    expect(second.data.map((c: { text: string }) => c.text)).toEqual(['three', 'two']);
    const third = await list(t.client(), pinId, { page_size: 2, bookmark: second.bookmark });
    expect(third.data.map((c: { text: string }) => c.text)).toEqual(['So pretty!']);
    expect(third.bookmark ?? null).toBeNull();
    for (const c of [...first.data, ...second.data, ...third.data]) zPinCommentOut.parse(c);

    const bad = await list(t.client(), pinId, { bookmark: 'not-a-cursor' });
    expect(bad.httpStatus).toBe(400);
    expect(bad.error?.code).toBe(ERROR_CODES.INVALID_INPUT.code);
  });

  it('counts what the table holds, also when a writer is removed with their comments', async () => {
    const owner = await person('Cal Count');
    const gone = await person('Gus Gone');
    const pinId = await pinOf(owner);
    await comment(gone.c, pinId, 'one');
    await comment(gone.c, pinId, 'two');
    const mine = await comment(owner.c, pinId, 'three');
    expect(await countOf(owner.c, pinId)).toBe(3);
    expect((await remove(owner.c, mine.data.id)).httpStatus).toBe(200);
    expect(await countOf(owner.c, pinId)).toBe(2);
    await t.db.query('DELETE FROM users WHERE id = $1', [gone.id]);
    expect(await countOf(owner.c, pinId)).toBe(0);
    expect(await rowsOn(pinId)).toBe(0);
  });

  it('refuses empty, blank and over-long comments with the envelope naming text; 500 characters (emoji count as one) pass', async () => {
    const owner = await person('Val Valid');
    const pinId = await pinOf(owner);
    for (const text of ['', '   \n\t ', 'x'.repeat(501), '😀'.repeat(501)]) {
      const r = await comment(owner.c, pinId, text);
      expect(r.httpStatus).toBe(400);
      expect(r.status).toBe('failure');
      expect(r.error?.code).toBe(ERROR_CODES.INVALID_INPUT.code);
      expect(r.error?.field).toBe('text');
    }
    for (const r of [
      await owner.c.resource('PinCommentResource', 'create', { pin_id: pinId }),
      await owner.c.resource('PinCommentResource', 'create', { pin_id: 'abc', text: 'hi' }),
      await owner.c.resource('PinCommentResource', 'create', { pin_id: pinId, text: 7 }),
      await owner.c.resource('PinCommentResource', 'delete', {}),
    ]) {
      expect(r.httpStatus).toBe(400);
    }
    expect(await rowsOn(pinId)).toBe(0);
    expect((await comment(owner.c, pinId, 'y'.repeat(500))).httpStatus).toBe(200);
    expect((await comment(owner.c, pinId, '😀'.repeat(500))).httpStatus).toBe(200);
    expect((await comment(owner.c, pinId, '  trimmed  ')).data.text).toBe('trimmed');
  });

  it('asks signed-out visitors to log in to comment, delete or report', async () => {
    const owner = await person('Sig Out');
    const pinId = await pinOf(owner);
    const id = await makeComment(t.db, { pinId, authorId: owner.id, text: 'hello' });
    for (const r of [
      await comment(t.client(), pinId, 'hi'),
      await remove(t.client(), id),
      await t.client().resource('PinCommentReportResource', 'create', { comment_id: id, reason: 'spam' }),
    ]) {
      expect(r.httpStatus).toBe(401);
      expect(r.error?.code).toBe(ERROR_CODES.LOGIN_REQUIRED.code);
    }
    expect((await list(t.client(), pinId)).data).toHaveLength(1);
  });

  it('links @mentions of people who exist', async () => {
    const owner = await person('Mia Mention');
    const friend = await person('Fin Friend');
    const pinId = await pinOf(owner);
    const r = await comment(owner.c, pinId, `Look @${friend.username.toUpperCase()} and @nobody_by_that_name, mail me@example.com`);
    expect(r.data.mentions).toEqual([{ username: friend.username.toUpperCase(), id: friend.id }]);
    expect((await list(t.client(), pinId)).data[0].mentions).toEqual([{ username: friend.username.toUpperCase(), id: friend.id }]);
  });

  it('links no @mention of a person moderation removed, whose profile answers as missing (to staff too)', async () => {
    const owner = await person('Rae Remover');
    const gone = await person('Gil Gone');
    const pinId = await pinOf(owner);
    const made = await comment(owner.c, pinId, `Ask @${gone.username} about it`);
    expect(made.data.mentions).toEqual([{ username: gone.username, id: gone.id }]);
    await t.db.query("UPDATE users SET moderation = 'removed' WHERE id = $1", [gone.id]);
    const staff = await person('Sam Staff');
    await t.db.query('UPDATE users SET is_employee = true WHERE id = $1', [staff.id]);
    for (const reader of [owner.c, t.client(), staff.c]) {
      const [listed] = (await list(reader, pinId)).data as { text: string; mentions: unknown[] }[];
      expect(listed!.text).toBe(`Ask @${gone.username} about it`);
      expect(listed!.mentions).toEqual([]);
    }
    expect((await comment(owner.c, pinId, `Again @${gone.username}`)).data.mentions).toEqual([]);
    expect((await owner.c.resource('UserResource', 'get', { username: gone.username })).httpStatus).toBe(404);
    // Reinstated, the mention links again.
    await t.db.query('UPDATE users SET moderation = NULL WHERE id = $1', [gone.id]);
    expect((await list(t.client(), pinId)).data[0].mentions).toEqual([{ username: gone.username, id: gone.id }]);
  });

  it('never answers a signed-out reader from memory with comments that changed', async () => {
    const owner = await person('Mem Owner');
    const pinId = await pinOf(owner);
    const first = (await comment(owner.c, pinId, 'first')).data.id as string;
    const reader = t.client();
    for (let i = 0; i < 3; i++) expect((await list(reader, pinId)).data).toHaveLength(1);
    expect(await countOf(reader, pinId)).toBe(1);
    await comment(owner.c, pinId, 'second');
    expect((await list(reader, pinId)).data.map((c: { text: string }) => c.text)).toEqual(['second', 'first']);
    expect(await countOf(reader, pinId)).toBe(2);
    await remove(owner.c, first);
    expect((await list(reader, pinId)).data.map((c: { text: string }) => c.text)).toEqual(['second']);
    expect(await countOf(reader, pinId)).toBe(1);
  });

  it('limits how many comments a person writes', async () => {
    const owner = await person('Ray Rate');
    const pinId = await pinOf(owner);
    for (let i = 0; i < 8; i++) expect((await comment(owner.c, pinId, `c${i}`)).httpStatus).toBe(200);
    const over = await comment(owner.c, pinId, 'one too many');
    expect(over.httpStatus).toBe(429);
    expect(over.error?.code).toBe(ERROR_CODES.RATE_LIMITED.code);
    expect(over.headers['retry-after']).toBeTruthy();
    expect(await rowsOn(pinId)).toBe(8);
  });
});

describe('deleting and reporting', () => {
  it("lets the author and the Pin's owner delete a comment, and no one else", async () => {
    const owner = await person('Del Owner');
    const ann = await person('Del Ann');
    const bob = await person('Del Bob');
    const pinId = await pinOf(owner);
    const a1 = (await comment(ann.c, pinId, 'first')).data.id as string;
    const a2 = (await comment(ann.c, pinId, 'second')).data.id as string;
    const seenByBob = await list(bob.c, pinId);
    expect(seenByBob.data.map((c: { can_delete: boolean }) => c.can_delete)).toEqual([false, false]);
    expect((await list(owner.c, pinId)).data.map((c: { can_delete: boolean }) => c.can_delete)).toEqual([true, true]);

    const refused = await remove(bob.c, a1);
    expect(refused.httpStatus).toBe(403);
    expect(refused.error?.code).toBe(ERROR_CODES.FORBIDDEN.code);
    expect((await remove(ann.c, a1)).httpStatus).toBe(200);
    expect((await remove(owner.c, a2)).httpStatus).toBe(200);
    expect(await rowsOn(pinId)).toBe(0);
    expect((await remove(ann.c, a1)).httpStatus).toBe(404);
  });

  it('files a report about a comment, not about one of your own', async () => {
    const owner = await person('Rep Owner');
    const ann = await person('Rep Ann');
    const pinId = await pinOf(owner);
    const id = (await comment(ann.c, pinId, 'rude words')).data.id as string;
    const r = await owner.c.resource('PinCommentReportResource', 'create', { comment_id: id, reason: 'harassment' });
    expect(r.httpStatus).toBe(200);
    const row = await t.db.one<{ reported_id: string; comment_id: string; reason: string }>(
      'SELECT reported_id, comment_id, reason FROM user_reports WHERE id = $1',
      [r.data.id],
    );
    expect(row).toEqual({ reported_id: ann.id, comment_id: id, reason: 'harassment' });
    expect((await ann.c.resource('PinCommentReportResource', 'create', { comment_id: id, reason: 'spam' })).httpStatus).toBe(400);
    expect((await owner.c.resource('PinCommentReportResource', 'create', { comment_id: id, reason: '' })).httpStatus).toBe(400);
  });
});

describe('comments turned off', () => {
  it('refuses comments on a Pin whose owner turned them off, and takes them again once on', async () => {
    const owner = await person('Off Owner');
    const ann = await person('Off Ann');
    const pinId = await pinOf(owner);
    await comment(ann.c, pinId, 'before');
    const off = await owner.c.resource('PinResource', 'update', { id: pinId, comments_enabled: false });
    expect(off.httpStatus).toBe(200);
    expect(off.data.comments_enabled).toBe(false);
    expect((await ann.c.resource('PinResource', 'update', { id: pinId, comments_enabled: true })).httpStatus).toBe(403);

    for (const c of [ann.c, owner.c]) {
      const r = await comment(c, pinId, 'now?');
      expect(r.httpStatus).toBe(403);
      expect(r.error?.code).toBe(ERROR_CODES.FORBIDDEN.code);
      expect(r.error?.message).toBe('Comments are turned off for this Pin.');
    }
    // What was written stays readable.
    expect((await list(t.client(), pinId)).data).toHaveLength(1);
    expect((await owner.c.resource('PinResource', 'update', { id: pinId, comments_enabled: true })).data.comments_enabled).toBe(true);
    expect((await comment(ann.c, pinId, 'after')).httpStatus).toBe(200);
  });

  it("gives new Pins (made and saved) the pinner's default, which the Viewer shows as shouldDefaultCommentsOff", async () => {
    const owner = await person('Def Owner');
    const other = await person('Def Other');
    expect((await owner.c.resource('UserSettingsResource', 'get')).data).toEqual({ comments_default_off: false });
    expect((await owner.c.resource('UserSessionResource', 'get')).data.shouldDefaultCommentsOff).toBe(false);
    const before = await pinOf(owner);

    const set = await owner.c.resource('UserSettingsResource', 'update', { comments_default_off: true });
    expect(set.httpStatus).toBe(200);
    expect(set.data).toEqual({ comments_default_off: true });
    expect((await owner.c.resource('UserSessionResource', 'get')).data.shouldDefaultCommentsOff).toBe(true);
    expect((await owner.c.resource('UserSettingsResource', 'update', { comments_default_off: 'yes' })).httpStatus).toBe(400);
    expect((await owner.c.resource('UserSettingsResource', 'update', {})).httpStatus).toBe(400);

    const after = await pinOf(owner);
    const othersPin = await pinOf(other);
    const saved = await owner.c.resource('RepinResource', 'create', { pin_id: othersPin });
    expect(saved.httpStatus).toBe(200);
    expect(saved.data.comments_enabled).toBe(false);
    expect((await owner.c.resource('PinResource', 'get', { id: before })).data.comments_enabled).toBe(true);
    expect((await owner.c.resource('PinResource', 'get', { id: after })).data.comments_enabled).toBe(false);
    expect((await comment(other.c, after, 'hi')).httpStatus).toBe(403);
    // The other person's own Pin keeps their own default.
    expect((await owner.c.resource('PinResource', 'get', { id: othersPin })).data.comments_enabled).toBe(true);
  });
});

describe('who may see comments', () => {
  it("answers 404 about a secret board's Pin to everyone but its owner and collaborators", async () => {
    const owner = await person('Sec Owner');
    const other = await person('Sec Other');
    const board = await makeBoard(t.db, owner.id, { name: 'Surprise', privacy: 'secret' });
    const pinId = await pinOf(owner, board.id);
    const id = (await comment(owner.c, pinId, 'hush')).data.id as string;
    expect((await list(owner.c, pinId)).data).toHaveLength(1);
    for (const c of [other.c, t.client()]) {
      const r = await list(c, pinId);
      expect(r.httpStatus).toBe(404);
      expect(r.error?.code).toBe(ERROR_CODES.NOT_FOUND.code);
      expect(JSON.stringify(r)).not.toContain('hush');
    }
    expect((await comment(other.c, pinId, 'peek')).httpStatus).toBe(404);
    expect((await remove(other.c, id)).httpStatus).toBe(404);
    expect((await other.c.resource('PinCommentReportResource', 'create', { comment_id: id, reason: 'spam' })).httpStatus).toBe(404);
    expect(await rowsOn(pinId)).toBe(1);
  });

  it("answers 404 about a private profile's Pins to people who do not follow it", async () => {
    const owner = await person('Priv Owner');
    const fan = await person('Priv Fan');
    const other = await person('Priv Other');
    const pinId = await pinOf(owner);
    await follow(t.db, fan.id, owner.id);
    await owner.c.resource('UserResource', 'update', { is_private_profile: true });
    expect((await comment(fan.c, pinId, 'from a follower')).httpStatus).toBe(200);
    expect((await list(fan.c, pinId)).data).toHaveLength(1);
    for (const c of [other.c, t.client()]) expect((await list(c, pinId)).httpStatus).toBe(404);
    expect((await comment(other.c, pinId, 'hello?')).httpStatus).toBe(404);
  });

  it('answers 404 once the Pin is deleted, and its comments go with it', async () => {
    const owner = await person('Gone Owner');
    const ann = await person('Gone Ann');
    const pinId = await pinOf(owner);
    const id = (await comment(ann.c, pinId, 'bye')).data.id as string;
    expect((await owner.c.resource('PinResource', 'delete', { id: pinId })).httpStatus).toBe(200);
    expect((await list(ann.c, pinId)).httpStatus).toBe(404);
    expect((await comment(ann.c, pinId, 'hello?')).httpStatus).toBe(404);
    expect((await remove(ann.c, id)).httpStatus).toBe(404);
    expect(await rowsOn(pinId)).toBe(0);
  });

  it('keeps people with a block between them from commenting on each other’s Pins, either way', async () => {
    const amy = await person('Blk Amy');
    const ben = await person('Blk Ben');
    const amysPin = await pinOf(amy);
    const bensPin = await pinOf(ben);
    expect((await amy.c.resource('UserBlockResource', 'create', { blocked_user_id: ben.id })).httpStatus).toBe(200);

    // Ben was blocked: Amy's Pin answers him as missing; Amy, who blocked, is told why.
    const benOnAmy = await comment(ben.c, amysPin, 'hi');
    expect(benOnAmy.httpStatus).toBe(404);
    expect(benOnAmy.error?.code).toBe(ERROR_CODES.NOT_FOUND.code);
    const amyOnBen = await comment(amy.c, bensPin, 'hi');
    expect(amyOnBen.httpStatus).toBe(403);
    expect(amyOnBen.error?.code).toBe(ERROR_CODES.FORBIDDEN.code);
    expect(await rowsOn(amysPin)).toBe(0);
    expect(await rowsOn(bensPin)).toBe(0);

    expect((await amy.c.resource('UserBlockResource', 'delete', { blocked_user_id: ben.id })).httpStatus).toBe(200);
    expect((await comment(ben.c, amysPin, 'friends again')).httpStatus).toBe(200);
  });

  it("hides the comments of people with a block between them and the viewer, on a third person's Pin", async () => {
    const cat = await person('Blk Cat');
    const amy = await person('Blk Amy2');
    const ben = await person('Blk Ben2');
    const pinId = await pinOf(cat);
    const amys = (await comment(amy.c, pinId, 'from amy')).data.id as string;
    const bens = (await comment(ben.c, pinId, 'from ben')).data.id as string;
    await amy.c.resource('UserBlockResource', 'create', { blocked_user_id: ben.id });
    const texts = async (c: TestClient) => (await list(c, pinId)).data.map((x: { text: string }) => x.text);
    expect(await texts(cat.c)).toEqual(['from ben', 'from amy']);
    expect(await texts(t.client())).toEqual(['from ben', 'from amy']);
    expect(await texts(amy.c)).toEqual(['from amy']);
    expect(await texts(ben.c)).toEqual(['from ben']);
    // Neither can report or delete what they may not see.
    expect((await remove(amy.c, bens)).httpStatus).toBe(404);
    expect((await amy.c.resource('PinCommentReportResource', 'create', { comment_id: bens, reason: 'spam' })).httpStatus).toBe(404);
    expect((await ben.c.resource('PinCommentReportResource', 'create', { comment_id: amys, reason: 'spam' })).httpStatus).toBe(404);
  });

  it('counts on the Pin what the list shows each viewer, a block hiding comments included, in the same number of queries', async () => {
    const cat = await person('Cnt Cat');
    const amy = await person('Cnt Amy');
    const ben = await person('Cnt Ben');
    const dee = await person('Cnt Dee');
    const pinId = await pinOf(cat);
    for (const [who, text] of [
      [amy, 'a1'],
      [ben, 'b1'],
      [ben, 'b2'],
      [dee, 'd1'],
    ] as const)
      expect((await comment(who.c, pinId, text)).httpStatus).toBe(200);
    // The comments' notifications are made by jobs (decision 086): counted from here, their queries would be the read's.
    await t.jobsSettled('notify');
    // The session's lookup is left out: whether it is made depends on what the session cache forgot (plugins/session-cache.ts).
    const queries = countQueries(t, (sql) => !sql.includes('FROM sessions s JOIN users'));
    const read = async (c: TestClient) => {
      queries.reset();
      const count = await countOf(c, pinId);
      return { count, queries: queries.count };
    };
    const before = await read(amy.c);
    expect(before.count).toBe(4);
    // Amy blocks Ben; Dee is blocked by Ben: both lose Ben's two comments, from the list and from the count.
    await amy.c.resource('UserBlockResource', 'create', { blocked_user_id: ben.id });
    await ben.c.resource('UserBlockResource', 'create', { blocked_user_id: dee.id });
    for (const c of [amy.c, dee.c, ben.c, cat.c, t.client()]) {
      const shown = (await list(c, pinId)).data.length;
      expect(await countOf(c, pinId)).toBe(shown);
    }
    expect(await countOf(amy.c, pinId)).toBe(2);
    expect(await countOf(ben.c, pinId)).toBe(2);
    expect(await countOf(cat.c, pinId)).toBe(4);
    const after = await read(amy.c);
    expect(after.count).toBe(2);
    expect(after.queries).toBe(before.queries);
    // Feeds keep the stored count: the board's feed is one query however many comments are hidden.
    const mine = await cat.c.resource('UserPinsResource', 'get', { username: cat.username });
    expect(mine.data.find((p: { id: string }) => p.id === pinId)?.comment_count).toBe(4);
  });

  it('shows the Pin’s owner the comments of someone they blocked, so that they can delete them', async () => {
    const amy = await person('Blk Amy3');
    const ben = await person('Blk Ben3');
    const cat = await person('Blk Cat3');
    const pinId = await pinOf(amy);
    const bens = (await comment(ben.c, pinId, 'rude words')).data.id as string;
    await amy.c.resource('UserBlockResource', 'create', { blocked_user_id: ben.id });
    const amySees = await list(amy.c, pinId);
    expect(amySees.data.map((x: { text: string; can_delete: boolean }) => [x.text, x.can_delete])).toEqual([['rude words', true]]);
    expect((await list(cat.c, pinId)).data).toHaveLength(1);
    expect((await remove(amy.c, bens)).httpStatus).toBe(200);
    expect((await list(cat.c, pinId)).data).toHaveLength(0);
    expect(await countOf(cat.c, pinId)).toBe(0);
  });
});
