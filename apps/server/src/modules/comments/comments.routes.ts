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
        read: (ctx, o, page) => s.comments.list(ctx, o.pin_id, page),
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
          return s.comments.create(ctx, o.pin_id, o.text);
        },
      }),
      delete: action({ summary: 'Delete a comment', options: zDeleteComment, auth: 'required', handler: (ctx, o) => s.comments.delete(ctx, o.comment_id) }),
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
