import { zCommentReaction, zCreateComment, zDeleteComment, zPinComments, zReportComment } from '@pinboard/shared/schemas/comments';
import { action, pagedAction, type ResourceRegistry } from '../../lib/resources';
import type { Services } from '../../services';

export function registerCommentResources(registry: ResourceRegistry, s: Pick<Services, 'comments' | 'limits'>) {
  registry.add({
    name: 'PinCommentsResource',
    description:
      "A Pin's top-level comments, newest first, each with its reply_count and first replies; with parent_id, that comment's replies, oldest first (keyset paged); 404 for a Pin or comment the viewer may not see.",
    actions: {
      get: pagedAction({
        summary: 'Read',
        options: zPinComments,
        // Read as the session acts (decision 059), so `can_delete` is what a delete made now may do.
        actingAs: 'read',
        actingWithSession: true,
        read: (ctx, o, page) => s.comments.list(ctx, o.pin_id, { ...page, parentId: o.parent_id }),
      }),
    },
  });

  registry.add({
    name: 'PinCommentResource',
    description:
      "Comment on a Pin (1–500 characters; not on a Pin whose comments are off, nor between people with a block), or reply with parent_id (one level: a reply to a reply is filed under its comment), or delete a comment and its replies (its author or the Pin's owner).",
    actions: {
      create: action({
        summary: 'Comment',
        options: zCreateComment,
        auth: 'required',
        // Acting as a business (the session's profile, decision 059), the comment is the business's.
        actingAs: 'publish',
        actingWithSession: true,
        actingAudit: { action: 'comment.create', targetOf: (c: { id: string }) => c.id },
        async handler(ctx, o) {
          // The budget is the person's who comments, whomever they act as.
          await s.limits.take('comment', ctx.actor ? { ...ctx, viewer: ctx.actor } : ctx);
          return s.comments.create(ctx, o.pin_id, o.text, o.parent_id);
        },
      }),
      delete: action({
        summary: 'Delete a comment',
        options: zDeleteComment,
        auth: 'required',
        actingAs: 'publish',
        actingWithSession: true,
        actingAudit: { action: 'comment.delete', targetOf: (_deleted, o) => o.comment_id },
        handler: (ctx, o) => s.comments.delete(ctx, o.comment_id),
      }),
    },
  });

  registry.add({
    name: 'PinCommentReactionResource',
    description: 'Heart a comment, or take the heart back (idempotent); 404 for a comment the viewer may not see or across a block.',
    actions: {
      create: action({
        summary: 'Heart',
        options: zCommentReaction,
        auth: 'required',
        handler: (ctx, o) => s.comments.heart(ctx, o.comment_id, true),
      }),
      delete: action({
        summary: 'Take the heart back',
        options: zCommentReaction,
        auth: 'required',
        handler: (ctx, o) => s.comments.heart(ctx, o.comment_id, false),
      }),
    },
  });

  registry.add({
    name: 'PinCommentReportResource',
    description: 'Report a comment (not one of your own).',
    actions: {
      create: action({
        summary: 'Report',
        options: zReportComment,
        auth: 'required',
        async handler(ctx, o) {
          await s.limits.take('user_report', ctx);
          return s.comments.report(ctx, o);
        },
      }),
    },
  });
}
