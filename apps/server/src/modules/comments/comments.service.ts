/**
 * Comments on Pins (docs/product/api-contract.md §8): a Pin's comments newest first by
 * keyset, writing one (1–500 characters), deleting one (its author or the
 * Pin's owner) and reporting one. Everything about a Pin the viewer may not
 * see answers 404 like a missing Pin; the rules are in comments.policy.
 */
import type { Db } from '../../db/client';
import { decodeCursor, pageOf } from '../../lib/cursor';
import { forbidden, invalid, notFound } from '../../lib/app-error';
import { requireViewer, type RequestContext } from '../../lib/context';
import { newId } from '../../lib/ids';
import type { PageRequest } from '../../lib/paging';
import { mentionedUsernames } from '@pinboard/shared/text/mentions';
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
import type { EventEmitter } from '../../events/bus';
import { presentComment } from './comments.present';
import { commentsRepo, type CommentRow } from './comments.repo';

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

  /** Deletes a comment the policy let the viewer delete (decision 080). */
  async function removeComment(comment: Deletable<{ id: string }>) {
    await commentsRepo.delete(db, comment.id);
  }

  return {
    async list(ctx: RequestContext, pinId: string, o: PageRequest) {
      const pin = await visiblePin(ctx, pinId);
      const cursor = decodeCursor(o.bookmark, ['id']);
      const rows = await commentsRepo.list(db, pin.id, ctx.viewer?.id ?? null, cursor?.[0] ?? null, o.pageSize + 1);
      const page = pageOf(rows, o.pageSize, (r) => [r.id]);
      const people = await mentionedPeople(page.items);
      return { items: page.items.map((r) => presentComment(r, people, commentAbilities(ctx.viewer, r, pin).delete)), bookmark: page.bookmark };
    },

    async create(ctx: RequestContext, pinId: string, text: string) {
      const viewer = requireViewer(ctx);
      const pin = await visiblePin(ctx, pinId);
      if (viewer.id !== pin.pinner_id) {
        const block = await blockBetween(db, viewer.id, pin.pinner_id);
        if (block) throw blockAnswersAsMissing(viewer.id, block) ? notFound('pin') : forbidden(CANT_COMMENT_BLOCKED);
      }
      if (!canComment(pin)) throw forbidden(COMMENTS_OFF);
      const id = newId();
      await commentsRepo.insert(db, { id, pinId: pin.id, authorId: viewer.id, text });
      const row = (await commentsRepo.byId(db, id))!;
      const people = await mentionedPeople([row]);
      // Announced after the write (decision 086: notifications tells the Pin's owner and the people mentioned).
      await events.emit('comment.created', {
        commentId: id,
        pinId: pin.id,
        authorId: viewer.id,
        parentId: null,
        mentionedUserIds: [...people.values()].map((p) => p.id),
      });
      return presentComment(row, people, true);
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
