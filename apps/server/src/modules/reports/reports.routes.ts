import { isTakedownForm } from '@pinboard/shared/constants/takedowns';
import { zModerationAppeal, zModerationDecision, zModerationNotices, zModerationQueue, zTransparencyReport } from '@pinboard/shared/schemas/moderation';
import { zReportUser, zTakedown } from '@pinboard/shared/schemas/social';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/app-error';
import { successBody } from '../../lib/envelope';
import type { z } from 'zod';
import type { RequestContext } from '../../lib/context';
import type { Page, PageOptions, PageRequest } from '../../lib/paging';
import { action, pagedAction, type ActionName, type ResourceRegistry } from '../../lib/resources';
import { parseInput } from '../../lib/validation';
import type { BudgetName } from '../../rate-limit/limits';
import { contextOf } from '../../plugins/session';
import type { Services } from '../../services';
import { transparencyCsv } from './reports.service';

type PagedRead = (ctx: RequestContext, page: PageRequest) => Promise<Page<unknown>>;

/**
 * Every resource here has one action, signed in unless `auth` says otherwise. `limit` takes the
 * report budget first (what files something into the queue); `read` is a
 * keyset-paged list, declared with `pagedAction` as every paged read is.
 */
function declare<S extends z.ZodType>(
  registry: ResourceRegistry,
  s: Services,
  name: string,
  description: string,
  verb: ActionName,
  def: { summary: string; options: S; limit?: BudgetName | ((ctx: RequestContext) => BudgetName); auth?: 'required' | 'optional' } & (
    { handler: (ctx: RequestContext, o: z.infer<S>) => Promise<unknown>; read?: never } | { read: PagedRead; handler?: never }
  ),
) {
  const { summary, options, limit, read, handler } = def;
  const auth = def.auth ?? 'required';
  const takeLimit = async (ctx: RequestContext) => {
    if (limit) await s.limits.take(typeof limit === 'function' ? limit(ctx) : limit, ctx);
  };
  registry.add({
    name,
    description,
    actions: {
      [verb]: read
        ? pagedAction({
            summary,
            options: options as z.ZodType<PageOptions>,
            auth,
            async read(ctx, _options, page) {
              await takeLimit(ctx);
              return read(ctx, page);
            },
          })
        : action({
            summary,
            options,
            auth,
            async handler(ctx, o: z.infer<S>) {
              await takeLimit(ctx);
              return handler!(ctx, o);
            },
          }),
    },
  });
}

export function registerReportResources(registry: ResourceRegistry, s: Services) {
  declare(registry, s, 'UserReportResource', 'Report a person (user_id), a Pin (pin_id) or a comment (comment_id): one of them, with a reason.', 'create', {
    summary: 'Report',
    options: zReportUser,
    limit: 'user_report',
    // A comment's report goes through comments, which checks that the reporter may see it (decision 057).
    handler: (ctx, { user_id, pin_id, comment_id, ...rest }) =>
      comment_id
        ? s.comments.report(ctx, { comment_id, ...rest })
        : pin_id
          ? s.reports.reportPin(ctx, { pin_id, ...rest })
          : s.reports.reportUser(ctx, { user_id: user_id!, ...rest }),
  });
  declare(registry, s, 'ModerationQueueResource', 'Staff only: open reports and takedowns, oldest first.', 'get', {
    summary: 'Read the moderation queue (keyset paged)',
    options: zModerationQueue,
    read: (ctx, page) => s.reports.queue(ctx, page),
  });
  declare(
    registry,
    s,
    'ModerationDecisionResource',
    'Staff only: decide a report (remove, restrict, no_action) with a statement of reasons sent to both sides.',
    'create',
    {
      summary: 'Decide a report',
      options: zModerationDecision,
      handler: (ctx, o) => s.reports.decide(ctx, o),
    },
  );
  declare(
    registry,
    s,
    'ModerationNoticesResource',
    "The Viewer's statements of reasons: decisions on their content and on their reports, newest first.",
    'get',
    {
      summary: 'Read own moderation notices',
      options: zModerationNotices,
      read: (ctx, page) => s.reports.notices(ctx, page),
    },
  );
  declare(
    registry,
    s,
    'ModerationAppealResource',
    'A counter-notice against a decision one was told of (DSA art. 20); signed out only with a mailed appeal_token.',
    'create',
    {
      summary: 'Contest a decision',
      options: zModerationAppeal,
      auth: 'optional',
      // Signed out (a removed person's mailed link) from the client's budget, as anonymous takedowns.
      limit: (ctx) => (ctx.viewer ? 'user_report' : 'takedown_anonymous'),
      handler: (ctx, o) => s.reports.contest(ctx, o),
    },
  );
  declare(registry, s, 'TransparencyReportResource', 'Staff only: decisions counted by form, law and decision, with the time to decide.', 'get', {
    summary: 'Read the transparency report',
    options: zTransparencyReport,
    handler: (ctx, o) => s.reports.transparency(ctx, o),
  });
}

/** POST /v3/legal/takedowns/{test|turkey|dsa|india}/ (docs/product/api-contract.md §1.1); GET the transparency report as CSV. */
export function registerTakedownSpecRoutes(app: FastifyInstance, s: Services) {
  app.post<{ Params: { form: string } }>('/v3/legal/takedowns/:form/', async (req) => {
    const form = req.params.form;
    if (!isTakedownForm(form)) throw notFound('form');
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
