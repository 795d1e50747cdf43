import { zCreateComment, zDeleteComment, zPinComments, zReportComment } from '@pinboard/shared/schemas/comments';
import { action, pagedAction, type ResourceRegistry } from '../../lib/resources';
import type { Services } from '../../services';

export function registerCommentResources(registry: ResourceRegistry, s: Pick<Services, 'comments' | 'limits'>) {
  registry.add({
    name: 'PinCommentsResource',
    description: "A Pin's comments, newest first (keyset paged); 404 for a Pin the viewer may not see.",
    actions: {
      get: pagedAction({
        summary: 'Read',
        options: zPinComments,
        // Read as the session acts (decision 059), so `can_delete` is what a delete made now may do.
        actingAs: 'read',
        actingWithSession: true,
        read: (ctx, o, page) => s.comments.list(ctx, o.pin_id, page),
      }),
    },
  });

  registry.add({
    name: 'PinCommentResource',
    description:
      "Comment on a Pin (1–500 characters; not on a Pin whose comments are off, nor between people with a block), or delete a comment (its author or the Pin's owner).",
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
          return s.comments.create(ctx, o.pin_id, o.text);
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
