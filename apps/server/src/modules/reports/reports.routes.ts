import { TAKEDOWN_FORMS, zReportUser, zTakedown } from '@pinboard/shared/schemas/social';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/app-error';
import { successBody } from '../../lib/envelope';
import { action, type ResourceRegistry } from '../../lib/resources';
import { parseInput } from '../../lib/validation';
import { contextOf } from '../../plugins/session';
import type { Services } from '../../services';

export function registerReportResources(registry: ResourceRegistry, s: Services) {
  registry.add({
    name: 'UserReportResource',
    description: 'Report a person.',
    actions: {
      create: action({
        summary: 'Report',
        options: zReportUser,
        auth: 'required',
        async handler(ctx, o) {
          await s.limits.take('user_report', ctx);
          return s.reports.reportUser(ctx, o);
        },
      }),
    },
  });
}

/** POST /v3/legal/takedowns/{test|turkey|dsa|india}/ (API contract §1.1). */
export function registerTakedownSpecRoutes(app: FastifyInstance, s: Services) {
  app.post<{ Params: { form: string } }>('/v3/legal/takedowns/:form/', async (req) => {
    const form = req.params.form as (typeof TAKEDOWN_FORMS)[number];
    if (!TAKEDOWN_FORMS.includes(form)) throw notFound('That form');
    const body = parseInput(zTakedown, req.body ?? {}, '');
    const ctx = contextOf(req);
    await s.limits.take(ctx.viewer ? 'takedown' : 'takedown_anonymous', ctx);
    return successBody('spec', await s.reports.takedown(ctx, form, body));
  });
}
