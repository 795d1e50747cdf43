import { PAGE_SIZE_DEFAULT } from '@pinboard/shared/constants/limits';
import { isTakedownForm } from '@pinboard/shared/constants/takedowns';
import { zModerationAppeal, zModerationDecision, zModerationNotices, zModerationQueue, zTransparencyReport } from '@pinboard/shared/schemas/moderation';
import { zReportUser, zTakedown } from '@pinboard/shared/schemas/social';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/app-error';
import { successBody } from '../../lib/envelope';
import { action, paged, type ResourceRegistry } from '../../lib/resources';
import { parseInput } from '../../lib/validation';
import { contextOf } from '../../plugins/session';
import type { Services } from '../../services';
import { transparencyCsv } from './reports.service';

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

  registry.add({
    name: 'ModerationQueueResource',
    description: 'Staff only: open reports and takedowns, oldest first.',
    actions: {
      get: action({
        summary: 'Read the moderation queue (keyset paged)',
        options: zModerationQueue,
        auth: 'required',
        async handler(ctx, o) {
          const page = await s.reports.queue(ctx, { bookmark: o.bookmark, pageSize: o.page_size ?? PAGE_SIZE_DEFAULT });
          return paged(page.items, page.bookmark);
        },
      }),
    },
  });

  registry.add({
    name: 'ModerationDecisionResource',
    description: 'Staff only: decide a report (remove, restrict, no_action) with a statement of reasons sent to both sides.',
    actions: {
      create: action({
        summary: 'Decide a report',
        options: zModerationDecision,
        auth: 'required',
        handler: (ctx, o) => s.reports.decide(ctx, o),
      }),
    },
  });

  registry.add({
    name: 'ModerationNoticesResource',
    description: "The Viewer's statements of reasons: decisions on their content and on their reports, newest first.",
    actions: {
      get: action({
        summary: 'Read own moderation notices',
        options: zModerationNotices,
        auth: 'required',
        async handler(ctx, o) {
          const page = await s.reports.notices(ctx, { bookmark: o.bookmark, pageSize: o.page_size ?? PAGE_SIZE_DEFAULT });
          return paged(page.items, page.bookmark);
        },
      }),
    },
  });

  registry.add({
    name: 'ModerationAppealResource',
    description: 'A counter-notice against a decision one was told of (DSA art. 20).',
    actions: {
      create: action({
        summary: 'Contest a decision',
        options: zModerationAppeal,
        auth: 'required',
        async handler(ctx, o) {
          await s.limits.take('user_report', ctx);
          return s.reports.contest(ctx, o);
        },
      }),
    },
  });

  registry.add({
    name: 'TransparencyReportResource',
    description: 'Staff only: decisions counted by form, law and decision, with the time to decide.',
    actions: {
      get: action({
        summary: 'Read the transparency report',
        options: zTransparencyReport,
        auth: 'required',
        handler: (ctx, o) => s.reports.transparency(ctx, o),
      }),
    },
  });
}

/** POST /v3/legal/takedowns/{test|turkey|dsa|india}/ (API contract §1.1); GET the transparency report as CSV. */
export function registerTakedownSpecRoutes(app: FastifyInstance, s: Services) {
  app.post<{ Params: { form: string } }>('/v3/legal/takedowns/:form/', async (req) => {
    const form = req.params.form;
    if (!isTakedownForm(form)) throw notFound('That form');
    const body = parseInput(zTakedown, req.body ?? {}, '');
    const ctx = contextOf(req);
    await s.limits.take(ctx.viewer ? 'takedown' : 'takedown_anonymous', ctx);
    return successBody('spec', await s.reports.takedown(ctx, form, body));
  });

  app.get<{ Querystring: Record<string, unknown> }>('/v3/moderation/transparency_report.csv', async (req, reply) => {
    const o = parseInput(zTransparencyReport, req.query ?? {}, '');
    const report = await s.reports.transparency(contextOf(req), o);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="transparency-report.csv"')
      .header('cache-control', 'no-store')
      .send(transparencyCsv(report));
  });
}
