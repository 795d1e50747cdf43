/**
 * Reports about people, and the legal takedown forms by region
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
      await db.query('INSERT INTO user_reports (id, reporter_id, reported_id, reason, details) VALUES ($1, $2, $3, $4, $5)', [
        id, viewer.id, o.user_id, o.reason, o.details ?? '',
      ]);
      return { id, status: 'received' };
    },

    async takedown(ctx: RequestContext, form: keyof typeof TAKEDOWN_RULES, o: z.infer<typeof zTakedown>) {
      const rules = TAKEDOWN_RULES[form];
      if (!ctx.viewer && !rules.anonymous) throw loginRequired();
      if (o.trusted_flagger && !rules.trustedFlagger) throw invalid('trusted_flagger: only the EU (dsa) form has trusted flaggers.');
      if (!o.reported_user_id && !o.reported_url) throw invalid('reported_url: say what you are reporting.');
      if (o.reported_user_id && !(await userById(db, o.reported_user_id))) throw notFound('That person');
      const id = newId();
      await db.query(
        `INSERT INTO user_reports (id, reporter_id, reported_id, reported_url, reason, details, law)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [id, ctx.viewer?.id ?? null, o.reported_user_id ?? null, o.reported_url ?? null, `takedown:${form}`,
          JSON.stringify({ name: o.reporter_name, email: o.reporter_email, details: o.details, trusted_flagger: !!o.trusted_flagger }), o.law],
      );
      return { id, status: 'received' };
    },
  };
}
