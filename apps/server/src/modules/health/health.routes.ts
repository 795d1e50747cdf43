import { ERROR_CODES } from '@pinboard/shared/api/error-codes';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { failureBody, successBody } from '../../lib/envelope';
import { createDatabaseCheck } from './health.check';
import type { Readiness } from './readiness';

/**
 * Liveness plus the database's answer, for load balancers and orchestrators
 * that ask many times a second: the check is shared between probes
 * (health.check.ts), and a probe carries no cookies, so the route does no
 * session or CSRF work (`config.cookieless`).
 */
export async function healthRoutes(
  app: FastifyInstance,
  { db, config, readiness }: { db: Pick<Db, 'query' | 'kind'>; config: Pick<Config, 'healthCheckReuseMs' | 'healthCheckTimeoutMs'>; readiness?: Readiness },
) {
  const database = createDatabaseCheck(db, { reuseMs: config.healthCheckReuseMs, timeoutMs: config.healthCheckTimeoutMs });
  /**
   * Readiness (decision 054): 200 only while this server is ready (not starting, not draining after
   * SIGTERM) and its database answers; the body tells the servers alive and warnings for the operator.
   */
  if (readiness) {
    app.get('/readyz', { config: { cookieless: true } }, async (req, reply) => {
      const state = readiness.state;
      const { ok, latencyMs } = await database.check();
      const { servers, warnings } = readiness.cluster();
      const data = { state, database: { kind: db.kind, ok, ...(ok ? { latency_ms: latencyMs } : {}) }, servers, warnings };
      if (state === 'ready' && ok) return successBody('spec', { status: 'ready', ...data });
      const why = state !== 'ready' ? (state === 'starting' ? 'The server is starting.' : 'The server is shutting down.') : 'The database is not reachable.';
      return reply
        .status(503)
        .header('retry-after', '1')
        .send({ ...failureBody('spec', { httpStatus: 503, code: ERROR_CODES.INTERNAL.code, message: why, requestId: req.id }), data });
    });
  }
  app.get('/healthz', { config: { cookieless: true } }, async (req, reply) => {
    const { ok, latencyMs } = await database.check();
    if (ok) return successBody('spec', { status: 'ok', database: { kind: db.kind, ok: true, latency_ms: latencyMs } });
    return reply.status(503).send({
      ...failureBody('spec', { httpStatus: 503, code: ERROR_CODES.INTERNAL.code, message: 'The database is not reachable.', requestId: req.id }),
      data: { database: { kind: db.kind, ok: false } },
    });
  });
}
