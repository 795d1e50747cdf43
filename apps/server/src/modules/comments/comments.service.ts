/**
 * Comments on Pins (docs/product/api-contract.md §8, §9): a Pin's top-level comments newest
 * first by keyset, each with its first replies; a comment's replies oldest first; writing one
 * (1–500 characters) or a reply (one level, decision 090), deleting one (its author or the
 * Pin's owner; its replies go with it), hearting one and reporting one. Everything about a Pin
 * or comment the viewer may not see answers 404 like a missing one; the rules are in
 * comments.policy. A comment written is announced after commit (`comment.created`).
 */
import type { Db } from '../../db/client';
import type { EventEmitter } from '../../events/bus';
import { decodeCursor, pageOf } from '../../lib/cursor';
import { forbidden, invalid, notFound } from '../../lib/app-error';
import { requireViewer, type RequestContext } from '../../lib/context';
import { newId } from '../../lib/ids';
import type { PageRequest } from '../../lib/paging';
import { mentionedUsernames } from '@pinboard/shared/text/mentions';
import { REPLIES_INLINE } from '@pinboard/shared/schemas/comments';
import { blockAnswersAsMissing, blockBetween } from '../blocks';
import { visiblePinById } from '../../kernel';
import { usersByUsernames } from '../users';
import {
  CANT_COMMENT_BLOCKED,
  CANT_DELETE_COMMENT,
  CANT_REPORT_OWN_COMMENT,
  COMMENTS_OFF,
  canComment,
  commentAbilities,
  deletableComment,
  seenComment,
} from '../../kernel/comments.policy';
import type { Deletable } from '../../kernel/access.policy';
import { presentComment } from './comments.present';
import { commentsRepo, type CommentRow, type ReplyRow } from './comments.repo';

/**
 * Where a comment's report is filed, after this module checked the reporter may see it: the reports
 * module (wired in services.ts; reports acts on comments, so comments do not import it).
 */
export interface CommentReports {
  reportComment(
    ctx: RequestContext,
    o: { commentId: string; authorId: string; reason: string; details?: string | undefined },
  ): Promise<{ id: string; status: string }>;
}

export function createCommentsService({ db, reports, events }: { db: Db; reports: CommentReports; events: EventEmitter }) {
  async function visiblePin(ctx: RequestContext, pinId: string) {
    const pin = await visiblePinById(db, pinId, ctx.viewer?.id ?? null);
    if (!pin) throw notFound('pin');
    return pin;
  }

  /** The mentioned people who exist and are not removed (users' account rule), in one query for all the rows. */
  async function mentionedPeople(rows: CommentRow[]) {
    const names = [...new Set(rows.flatMap((r) => mentionedUsernames(r.text).map((n) => n.toLowerCase())))];
    const people = await usersByUsernames(db, names);
    return new Map(people.map((p) => [p.username.toLowerCase(), p]));
  }

  /** A comment the viewer may see, with its Pin; 404 for anything else. */
  async function visibleComment(ctx: RequestContext, commentId: string) {
    const viewer = requireViewer(ctx);
    const comment = seenComment(await commentsRepo.visibleById(db, commentId, viewer.id));
    if (!comment) throw notFound('comment');
    const pin = await visiblePinById(db, comment.pin_id, viewer.id);
    if (!pin) throw notFound('comment');
    return { viewer, comment, pin };
  }

  /** A block between the viewer and any of these people (comments.policy: a reply or heart across one answers as missing). */
  async function blockedWithAny(viewerId: string, people: string[]) {
    for (const id of new Set(people)) if (id !== viewerId && (await blockBetween(db, viewerId, id))) return true;
    return false;
  }

  /**
   * The top-level comment a reply to `parentId` is filed under (decision 090): the parent, or the
   * comment a reply answers. 404 unless the viewer sees it on this Pin with no block between them and its author.
   */
  async function replyTarget(viewerId: string, pinId: string, parentId: string) {
    const parent = await commentsRepo.visibleById(db, parentId, viewerId);
    if (!parent || parent.pin_id !== pinId) throw notFound('comment');
    const top = parent.parent_id ? await commentsRepo.visibleById(db, parent.parent_id, viewerId) : parent;
    if (!top || (await blockedWithAny(viewerId, [parent.author_id, top.author_id]))) throw notFound('comment');
    return top.id;
  }

  /** The replies the viewer sees under each of the rows, by comment: their count and the first REPLIES_INLINE. */
  async function repliesOf(rows: CommentRow[], viewerId: string | null) {
    const replies = await commentsRepo.firstReplies(
      db,
      rows.map((r) => r.id),
      viewerId,
      REPLIES_INLINE,
    );
    const byParent = new Map<string, { count: number; items: ReplyRow[] }>();
    for (const r of replies) {
      const entry = byParent.get(r.parent_id!) ?? { count: r.reply_count, items: [] };
      entry.items.push(r);
      byParent.set(r.parent_id!, entry);
    }
    return byParent;
  }

  /** Deletes a comment the policy let the viewer delete (decision 080). */
  async function removeComment(comment: Deletable<{ id: string }>) {
    await commentsRepo.delete(db, comment.id);
  }

  return {
    /** Without `parentId`, the Pin's top-level comments with their first replies; with it, that comment's replies (decision 090). */
    async list(ctx: RequestContext, pinId: string, o: PageRequest & { parentId?: string | undefined }) {
      const pin = await visiblePin(ctx, pinId);
      const viewerId = ctx.viewer?.id ?? null;
      const mayDelete = (r: CommentRow) => commentAbilities(ctx.viewer, r, pin).delete;
      const cursor = decodeCursor(o.bookmark, ['id']);
      if (o.parentId) {
        const parent = await commentsRepo.visibleById(db, o.parentId, viewerId);
        if (!parent || parent.pin_id !== pin.id || parent.parent_id) throw notFound('comment');
        const rows = await commentsRepo.replies(db, parent.id, viewerId, cursor?.[0] ?? null, o.pageSize + 1);
        const page = pageOf(rows, o.pageSize, (r) => [r.id]);
        const people = await mentionedPeople(page.items);
        return { items: page.items.map((r) => presentComment(r, people, mayDelete)), bookmark: page.bookmark };
      }
      const rows = await commentsRepo.list(db, pin.id, viewerId, cursor?.[0] ?? null, o.pageSize + 1);
      const page = pageOf(rows, o.pageSize, (r) => [r.id]);
      const replies = await repliesOf(page.items, viewerId);
      const people = await mentionedPeople([...page.items, ...[...replies.values()].flatMap((r) => r.items)]);
      return { items: page.items.map((r) => presentComment(r, people, mayDelete, replies.get(r.id))), bookmark: page.bookmark };
    },

    /** A comment, or with `parentId` a reply, filed under the top-level comment (decision 090). */
    async create(ctx: RequestContext, pinId: string, text: string, parentId?: string) {
      const viewer = requireViewer(ctx);
      const pin = await visiblePin(ctx, pinId);
      if (viewer.id !== pin.pinner_id) {
        const block = await blockBetween(db, viewer.id, pin.pinner_id);
        if (block) throw blockAnswersAsMissing(viewer.id, block) ? notFound('pin') : forbidden(CANT_COMMENT_BLOCKED);
      }
      if (!canComment(pin)) throw forbidden(COMMENTS_OFF);
      const topId = parentId ? await replyTarget(viewer.id, pin.id, parentId) : null;
      const id = newId();
      await commentsRepo.insert(db, { id, pinId: pin.id, parentId: topId, authorId: viewer.id, text });
      const row = (await commentsRepo.byId(db, id, viewer.id))!;
      const people = await mentionedPeople([row]);
      // Announced after the write (decision 086: notifications tells the Pin's owner, the parent's author and the people mentioned).
      await events.emit('comment.created', {
        commentId: id,
        pinId: pin.id,
        authorId: viewer.id,
        parentId: topId,
        mentionedUserIds: [...new Set([...people.values()].map((p) => p.id))],
      });
      return presentComment(row, people, () => true);
    },

    /** A heart on a comment the viewer sees, or none (idempotent either way; a block answers as missing, decision 090). */
    async heart(ctx: RequestContext, commentId: string, on: boolean) {
      const { viewer, comment, pin } = await visibleComment(ctx, commentId);
      if (await blockedWithAny(viewer.id, [comment.author_id, pin.pinner_id])) throw notFound('comment');
      const heartCount = await commentsRepo.heart(db, comment.id, viewer.id, on);
      return { comment_id: comment.id, heart_count: heartCount, hearted_by_me: on };
    },

    async delete(ctx: RequestContext, commentId: string) {
      const { viewer, comment: seen, pin } = await visibleComment(ctx, commentId);
      const comment = deletableComment(viewer, seen, pin);
      if (!comment) throw forbidden(CANT_DELETE_COMMENT);
      await removeComment(comment);
      return { id: comment.id, pin_id: pin.id };
    },

    async report(ctx: RequestContext, o: { comment_id: string; reason: string; details?: string | undefined }) {
      const { viewer, comment } = await visibleComment(ctx, o.comment_id);
      if (viewer.id === comment.author_id) throw invalid(CANT_REPORT_OWN_COMMENT);
      return reports.reportComment(ctx, { commentId: comment.id, authorId: comment.author_id, reason: o.reason, details: o.details });
    },
  };
}
