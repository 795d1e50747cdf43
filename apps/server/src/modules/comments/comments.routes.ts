import { zCreateComment, zDeleteComment, zPinComments, zReportComment } from '@pinboard/shared/schemas/comments';
import { action, pagedAction, type ResourceRegistry } from '../../lib/resources';
import type { Services } from '../../services';

export function registerCommentResources(registry: ResourceRegistry, s: Pick<Services, 'comments' | 'limits' | 'businessAccess'>) {
  registry.add({
    name: 'PinCommentsResource',
    description: "A Pin's comments, newest first (keyset paged); 404 for a Pin the viewer may not see.",
    actions: {
      get: pagedAction({
        summary: 'Read',
        options: zPinComments,
        // Read as the session acts (decision 059), so `can_delete` is what a delete made now may do.
        read: (ctx, o, page) => s.businessAccess.actAs(ctx, undefined, 'read', (as) => s.comments.list(as, o.pin_id, page), undefined, { session: true }),
      }),
    },
  });

  registry.add({
    name: 'PinCommentResource',
    description: "Comment on a Pin (1–500 characters; not on a Pin whose comments are off, nor between people with a block), or delete a comment (its author or the Pin's owner).",
    actions: {
      create: action({
        summary: 'Comment',
        options: zCreateComment,
        auth: 'required',
        async handler(ctx, o) {
          await s.limits.take('comment', ctx);
          // Acting as a business (the session's profile, decision 059), the comment is the business's.
          return s.businessAccess.actAs(ctx, undefined, 'publish', (as) => s.comments.create(as, o.pin_id, o.text), { action: 'comment.create', targetOf: (c) => c.id }, { session: true });
        },
      }),
      delete: action({ summary: 'Delete a comment', options: zDeleteComment, auth: 'required', handler: (ctx, o) => s.businessAccess.actAs(ctx, undefined, 'publish', (as) => s.comments.delete(as, o.comment_id), { action: 'comment.delete', targetOf: () => o.comment_id }, { session: true }) }),
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
