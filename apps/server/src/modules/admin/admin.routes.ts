import { zAdminJob } from '@pinboard/shared/schemas/admin';
import { zNoOptions } from '@pinboard/shared/schemas/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { action, type ResourceRegistry } from '../../lib/resources';
import { redactUrl } from '../../plugins/log-redaction';
import type { Services } from '../../services';

/**
 * The admin page's resources (decision 106). Signed out or not staff, each answers the 404 of a resource that
 * does not exist, so they are declared `optional`: a 401 would tell that something is there.
 */
export function registerAdminResources(registry: ResourceRegistry, s: Services) {
  registry.add({
    name: 'AdminOverviewResource',
    description: 'Staff only: the servers alive, the job queues and failed jobs, sizes, counts, and the last 5xx answers.',
    actions: {
      get: action({ summary: 'Read', options: zNoOptions, auth: 'optional', handler: (ctx) => s.admin.overview(ctx, 'AdminOverviewResource/get') }),
    },
  });
  registry.add({
    name: 'AdminJobRetryResource',
    description: 'Staff only: a failed job back to be run.',
    actions: {
      create: action({ summary: 'Retry', options: zAdminJob, auth: 'optional', handler: (ctx, o) => s.admin.retryJob(ctx, 'AdminJobRetryResource/create', o) }),
    },
  });
  registry.add({
    name: 'AdminJobDiscardResource',
    description: 'Staff only: a failed job deleted.',
    actions: {
      create: action({
        summary: 'Discard',
        options: zAdminJob,
        auth: 'optional',
        handler: (ctx, o) => s.admin.discardJob(ctx, 'AdminJobDiscardResource/create', o),
      }),
    },
  });
}

const RESOURCE_ROUTE = '/resource/:name/:action/';

/** The route's pattern, a resource's by its name and action; the redacted path when no route matched. */
function routeOf(req: FastifyRequest): string {
  const pattern = req.routeOptions.url;
  if (pattern === undefined) return redactUrl(req.url.split('?')[0] ?? '/');
  const { name, action } = (req.params ?? {}) as { name?: string; action?: string };
  return pattern === RESOURCE_ROUTE && name && action ? `/resource/${name}/${action}/`.slice(0, 200) : pattern;
}

/** The error each request's error handler was given, for the 5xx record written when the answer has gone. */
const errorOf = new WeakMap<FastifyRequest, Error>();

/**
 * Every 5xx answer the app's error handlers give (the app's, API v5's) is recorded when it has been sent, fire and
 * forget (admin.service recordError). What a route answers as 503 on purpose without an error (/readyz while
 * draining) is a state, not a failure: it is not recorded.
 */
export function recordServerErrors(app: FastifyInstance, s: Services) {
  app.addHook('onError', (req, _reply, err, done) => {
    errorOf.set(req, err);
    done();
  });
  app.addHook('onResponse', (req, reply, done) => {
    const err = errorOf.get(req);
    if (err && reply.statusCode >= 500) {
      void s.admin.recordError({
        method: req.method,
        route: routeOf(req),
        status: reply.statusCode,
        request_id: req.id,
        message: err.message,
      });
    }
    done();
  });
}
