/**
 * Replies and hearts on comments (decision 090): one level of replies (a reply to a
 * reply is filed under its top-level comment), the list's inline replies and the
 * replies' own pages, a parent on another Pin or behind a block answering 404,
 * replies going with their deleted comment, hearts once per person with counts,
 * and the `comment.created` event after commit.
 */
import { zCommentReactionOut, zPinCommentOut } from '@pinboard/shared/schemas/comments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeComment, makePin, makeStoredImage, type StoredImage } from '../src/seed/factories';
import { buildTestApp, type TestApp, type TestClient, type TestPerson } from './test-app';

let t: TestApp;
let image: StoredImage;

beforeAll(async () => {
  t = await buildTestApp({ SIGNUP_RATE_LIMIT_CLIENT: '500', RATE_LIMIT_COMMENT: '500' });
  image = await makeStoredImage(t.media, { seed: 32, width: 200, height: 300 });
});
afterAll(async () => {
  await t?.close();
});

type Comment = ReturnType<typeof zPinCommentOut.parse>;
const person = (name: string) => t.person(name, 'cr');
const pinOf = (owner: TestPerson) => makePin(t.db, { pinnerId: owner.id, boardId: null, image, title: 'A Pin' });
const list = async (c: TestClient, pinId: string, extra: Record<string, unknown> = {}) => {
  const r = await c.resource('PinCommentsResource', 'get', { pin_id: pinId, ...extra });
  if (r.httpStatus === 200) for (const item of r.data) zPinCommentOut.parse(item);
  return r;
};
const reply = (c: TestClient, pinId: string, parentId: string, text: string) =>
  c.resource('PinCommentResource', 'create', { pin_id: pinId, parent_id: parentId, text });
const comment = (c: TestClient, pinId: string, text: string) => c.resource('PinCommentResource', 'create', { pin_id: pinId, text });
const heart = (c: TestClient, commentId: string) => c.resource('PinCommentReactionResource', 'create', { comment_id: commentId });
const unheart = (c: TestClient, commentId: string) => c.resource('PinCommentReactionResource', 'delete', { comment_id: commentId });
const countOf = async (c: TestClient, pinId: string) => (await c.resource('PinResource', 'get', { id: pinId })).data.comment_count as number;
const texts = (items: { text: string }[]) => items.map((x) => x.text);

describe('replies', () => {
  it('files a reply under its comment, one level: a reply to a reply goes under the top-level comment', async () => {
    const owner = await person('Rep Owner');
    const ann = await person('Rep Ann');
    const pinId = await pinOf(owner);
    const top = (await comment(ann.c, pinId, 'Love it')).data as Comment;
    const first = await reply(owner.c, pinId, top.id, '@' + ann.username + ' thank you');
    expect(first.httpStatus).toBe(200);
    expect(zPinCommentOut.parse(first.data)).toMatchObject({ parent_id: top.id, reply_count: 0, replies: [], heart_count: 0, hearted_by_me: false });
    const second = await reply(ann.c, pinId, first.data.id, 'you are welcome');
    expect(second.data.parent_id).toBe(top.id);

    const seen = await list(t.client(), pinId);
    expect(texts(seen.data)).toEqual(['Love it']);
    expect(seen.data[0]).toMatchObject({ reply_count: 2 });
    expect(texts(seen.data[0].replies)).toEqual([`@${ann.username} thank you`, 'you are welcome']);
    expect(seen.data[0].replies[0].mentions).toEqual([{ username: ann.username, id: ann.id }]);
    // comment_count counts replies too.
    expect(await countOf(t.client(), pinId)).toBe(3);
  });

  it('answers the first replies inline and the rest by parent_id, oldest first by keyset', async () => {
    const owner = await person('Page Owner');
    const pinId = await pinOf(owner);
    const top = await makeComment(t.db, { pinId, authorId: owner.id, text: 'top' });
    for (let i = 1; i <= 5; i++) await makeComment(t.db, { pinId, authorId: owner.id, text: `r${i}`, parentId: top });
    const seen = await list(owner.c, pinId);
    expect(seen.data[0].reply_count).toBe(5);
    expect(texts(seen.data[0].replies)).toEqual(['r1', 'r2', 'r3']);

    const page1 = await list(owner.c, pinId, { parent_id: top, page_size: 2 });
    expect(texts(page1.data)).toEqual(['r1', 'r2']);
    const page2 = await list(owner.c, pinId, { parent_id: top, page_size: 2, bookmark: page1.bookmark });
    expect(texts(page2.data)).toEqual(['r3', 'r4']);
    const page3 = await list(owner.c, pinId, { parent_id: top, page_size: 2, bookmark: page2.bookmark });
    expect(texts(page3.data)).toEqual(['r5']);
    expect(page3.bookmark ?? null).toBeNull();
    // A reply has no replies of its own to list.
    expect((await list(owner.c, pinId, { parent_id: page1.data[0].id })).httpStatus).toBe(404);
  });

  it('refuses a parent on another Pin, or one that is missing, as missing', async () => {
    const owner = await person('Other Owner');
    const pinA = await pinOf(owner);
    const pinB = await pinOf(owner);
    const onB = await makeComment(t.db, { pinId: pinB, authorId: owner.id, text: 'on B' });
    const r = await reply(owner.c, pinA, onB, 'wrong place');
    expect(r.httpStatus).toBe(404);
    expect((await reply(owner.c, pinA, '123456789', 'nothing there')).httpStatus).toBe(404);
    expect((await list(owner.c, pinA, { parent_id: onB })).httpStatus).toBe(404);
    expect(await countOf(owner.c, pinA)).toBe(0);
  });

  it('refuses a reply across a block as if the comment were missing, also to the Pin’s owner, and hides replies under a hidden comment', async () => {
    const cat = await person('Blk Cat R');
    const amy = await person('Blk Amy R');
    const ben = await person('Blk Ben R');
    const pinId = await pinOf(cat);
    const bens = (await comment(ben.c, pinId, 'from ben')).data.id as string;
    const catsReply = (await reply(cat.c, pinId, bens, 'cat answers ben')).data.id as string;
    await amy.c.resource('UserBlockResource', 'create', { blocked_user_id: ben.id });
    await cat.c.resource('UserBlockResource', 'create', { blocked_user_id: ben.id });
    expect((await reply(amy.c, pinId, bens, 'hi')).httpStatus).toBe(404);
    // The Pin's owner still sees Ben's comment (to delete it) but cannot answer it.
    expect(texts((await list(cat.c, pinId)).data)).toEqual(['from ben']);
    expect((await reply(cat.c, pinId, bens, 'again')).httpStatus).toBe(404);
    // Amy does not see Ben's comment, so neither the reply under it; the Pin's count agrees.
    expect((await list(amy.c, pinId)).data).toEqual([]);
    expect((await list(amy.c, pinId, { parent_id: bens })).httpStatus).toBe(404);
    // Nor the reply itself, which she may not heart nor answer.
    expect((await heart(amy.c, catsReply)).httpStatus).toBe(404);
    expect((await reply(amy.c, pinId, catsReply, 'hi')).httpStatus).toBe(404);
    expect(await countOf(amy.c, pinId)).toBe(0);
    expect(await countOf(t.client(), pinId)).toBe(2);
  });

  it('deletes a comment’s replies with it, and keeps comment_count exact', async () => {
    const owner = await person('Del Owner');
    const ann = await person('Del Ann');
    const pinId = await pinOf(owner);
    const top = (await comment(ann.c, pinId, 'top')).data.id as string;
    const r1 = (await reply(owner.c, pinId, top, 'one')).data.id as string;
    await reply(ann.c, pinId, top, 'two');
    await heart(owner.c, r1);
    expect(await countOf(owner.c, pinId)).toBe(3);
    expect((await owner.c.resource('PinCommentResource', 'delete', { comment_id: top })).httpStatus).toBe(200);
    expect(await countOf(owner.c, pinId)).toBe(0);
    expect((await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM pin_comments WHERE pin_id = $1', [pinId]))!.n).toBe(0);
    expect((await reply(ann.c, pinId, top, 'too late')).httpStatus).toBe(404);
    expect((await heart(ann.c, r1)).httpStatus).toBe(404);
  });

  it('takes no reply on a Pin whose comments are off', async () => {
    const owner = await person('Off Owner');
    const pinId = await pinOf(owner);
    const top = await makeComment(t.db, { pinId, authorId: owner.id, text: 'top' });
    await t.db.query('UPDATE pins SET comments_enabled = false WHERE id = $1', [pinId]);
    expect((await reply(owner.c, pinId, top, 'nope')).httpStatus).toBe(403);
  });

  it('announces each comment and reply after commit, with the mentioned people who exist', async () => {
    const owner = await person('Ev Owner');
    const ann = await person('Ev Ann');
    const pinId = await pinOf(owner);
    const seen: unknown[] = [];
    const off = t.services.events.on('comment.created', async (e) => {
      const [row] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM pin_comments WHERE id = $1', [e.commentId]);
      seen.push({ ...e, committed: row!.n === 1 });
    });
    try {
      const top = (await comment(ann.c, pinId, `hi @${owner.username} and @nobody_here_at_all`)).data.id as string;
      const r = (await reply(owner.c, pinId, top, 'thanks')).data.id as string;
      expect(seen).toEqual([
        { commentId: top, pinId, authorId: ann.id, parentId: null, mentionedUserIds: [owner.id], committed: true },
        { commentId: r, pinId, authorId: owner.id, parentId: top, mentionedUserIds: [], committed: true },
      ]);
    } finally {
      off();
    }
  });
});

describe('hearts', () => {
  it('hearts a comment once per person, idempotently, with the count and hearted_by_me', async () => {
    const owner = await person('Hrt Owner');
    const ann = await person('Hrt Ann');
    const pinId = await pinOf(owner);
    const top = (await comment(ann.c, pinId, 'heart me')).data.id as string;
    const a = await heart(owner.c, top);
    expect(a.httpStatus).toBe(200);
    expect(zCommentReactionOut.parse(a.data)).toEqual({ comment_id: top, heart_count: 1, hearted_by_me: true });
    expect((await heart(owner.c, top)).data).toEqual({ comment_id: top, heart_count: 1, hearted_by_me: true });
    expect((await heart(ann.c, top)).data.heart_count).toBe(2);

    const mine = (await list(owner.c, pinId)).data[0];
    expect(mine).toMatchObject({ heart_count: 2, hearted_by_me: true });
    expect((await list(t.client(), pinId)).data[0]).toMatchObject({ heart_count: 2, hearted_by_me: false });

    expect((await unheart(owner.c, top)).data).toEqual({ comment_id: top, heart_count: 1, hearted_by_me: false });
    expect((await unheart(owner.c, top)).data).toEqual({ comment_id: top, heart_count: 1, hearted_by_me: false });
    expect((await list(owner.c, pinId)).data[0]).toMatchObject({ heart_count: 1, hearted_by_me: false });

    // A reply's hearts show inline.
    const r = (await reply(owner.c, pinId, top, 'a reply')).data.id as string;
    await heart(ann.c, r);
    expect((await list(ann.c, pinId)).data[0].replies[0]).toMatchObject({ id: r, heart_count: 1, hearted_by_me: true });
    expect((await heart(t.client(), top)).httpStatus).toBe(401);
  });

  it('answers 404 for a comment the viewer may not see: hidden by moderation, behind a block, or on a Pin they may not see', async () => {
    const owner = await person('Hid Owner');
    const ann = await person('Hid Ann');
    const ben = await person('Hid Ben');
    const pinId = await pinOf(owner);
    const removed = await makeComment(t.db, { pinId, authorId: ann.id, text: 'removed' });
    await t.db.query(`UPDATE pin_comments SET moderation = 'removed' WHERE id = $1`, [removed]);
    expect((await heart(ben.c, removed)).httpStatus).toBe(404);
    expect((await unheart(ben.c, removed)).httpStatus).toBe(404);

    const anns = await makeComment(t.db, { pinId, authorId: ann.id, text: 'fine' });
    await ben.c.resource('UserBlockResource', 'create', { blocked_user_id: ann.id });
    expect((await heart(ben.c, anns)).httpStatus).toBe(404);
    // The Pin's owner sees a blocked person's comment but may not heart it either.
    await owner.c.resource('UserBlockResource', 'create', { blocked_user_id: ann.id });
    expect((await heart(owner.c, anns)).httpStatus).toBe(404);

    const secretBoard = (await owner.c.resource('BoardResource', 'create', { name: 'Hidden hearts', privacy: 'secret' })).data.id as string;
    const secretPin = await makePin(t.db, { pinnerId: owner.id, boardId: secretBoard, image, title: 'secret' });
    const onSecret = await makeComment(t.db, { pinId: secretPin, authorId: owner.id, text: 'secret' });
    expect((await heart(ben.c, onSecret)).httpStatus).toBe(404);
    expect((await heart(owner.c, onSecret)).httpStatus).toBe(200);
    expect((await heart(ben.c, '987654321')).httpStatus).toBe(404);
  });
});
