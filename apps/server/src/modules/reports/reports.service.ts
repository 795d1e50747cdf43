/**
 * Reports about people and their comments, and the legal takedown forms by region
 * (logged-out-and-business §6): anonymous submission only for dsa and india,
 * trusted flaggers only for dsa.
 */
import type { z } from 'zod';
import type { zTakedown } from '@pinboard/shared/schemas/social';
import type { Db } from '../../db/client';
import { invalid, loginRequired, notFound } from '../../lib/app-error';
import { requireViewer, type RequestContext } from '../../lib/context';
import { newId } from '../../lib/ids';
import { userById } from '../users';
import { reportsRepo } from './reports.repo';

export const TAKEDOWN_RULES = {
  test: { anonymous: false, trustedFlagger: false },
  turkey: { anonymous: false, trustedFlagger: false },
  dsa: { anonymous: true, trustedFlagger: true },
  india: { anonymous: true, trustedFlagger: false },
} as const;

export function createReportsService({ db }: { db: Db }) {
  return {
    async reportUser(ctx: RequestContext, o: { user_id: string; reason: string; details?: string | undefined }) {
      const viewer = requireViewer(ctx);
      if (viewer.id === o.user_id) throw invalid('user_id: you cannot report yourself.');
      if (!(await userById(db, o.user_id))) throw notFound('That person');
      const id = newId();
      await reportsRepo.insertUserReport(db, { id, reporterId: viewer.id, reportedId: o.user_id, reason: o.reason, details: o.details ?? '' });
      return { id, status: 'received' };
    },

    /**
     * A report of a comment, made by the comments module once it has checked
     * that the reporter may see the comment; the reported person is its author.
     */
    async reportComment(ctx: RequestContext, o: { commentId: string; authorId: string; reason: string; details?: string | undefined }) {
      const viewer = requireViewer(ctx);
      const id = newId();
      await reportsRepo.insertCommentReport(db, { id, reporterId: viewer.id, authorId: o.authorId, commentId: o.commentId, reason: o.reason, details: o.details ?? '' });
      return { id, status: 'received' };
    },

    async takedown(ctx: RequestContext, form: keyof typeof TAKEDOWN_RULES, o: z.infer<typeof zTakedown>) {
      const rules = TAKEDOWN_RULES[form];
      if (!ctx.viewer && !rules.anonymous) throw loginRequired();
      if (o.trusted_flagger && !rules.trustedFlagger) throw invalid('trusted_flagger: only the EU (dsa) form has trusted flaggers.');
      if (!o.reported_user_id && !o.reported_url) throw invalid('reported_url: say what you are reporting.');
      if (o.reported_user_id && !(await userById(db, o.reported_user_id))) throw notFound('That person');
      const id = newId();
      await reportsRepo.insertTakedown(db, {
        id,
        reporterId: ctx.viewer?.id ?? null,
        reportedId: o.reported_user_id ?? null,
        reportedUrl: o.reported_url ?? null,
        reason: `takedown:${form}`,
        details: JSON.stringify({ name: o.reporter_name, email: o.reporter_email, details: o.details, trusted_flagger: !!o.trusted_flagger }),
        law: o.law,
      });
      return { id, status: 'received' };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
