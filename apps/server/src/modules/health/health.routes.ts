import { ERROR_CODES } from '@pinboard/shared/api/error-codes';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { failureBody, successBody } from '../../lib/envelope';
import { createDatabaseCheck } from './health.check';

/**
 * Liveness plus the database's answer, for load balancers and orchestrators
 * that ask many times a second: the check is shared between probes
 * (health.check.ts), and a probe carries no cookies, so the route does no
 * session or CSRF work (`config.cookieless`).
 */
export async function healthRoutes(app: FastifyInstance, { db, config }: { db: Pick<Db, 'query' | 'kind'>; config: Pick<Config, 'healthCheckReuseMs' | 'healthCheckTimeoutMs'> }) {
  const database = createDatabaseCheck(db, { reuseMs: config.healthCheckReuseMs, timeoutMs: config.healthCheckTimeoutMs });
  app.get('/healthz', { config: { cookieless: true } }, async (_req, reply) => {
    const { ok, latencyMs } = await database.check();
    if (ok) return successBody('spec', { status: 'ok', database: { kind: db.kind, ok: true, latency_ms: latencyMs } });
    return reply.status(503).send({
      ...failureBody('spec', { httpStatus: 503, code: ERROR_CODES.INTERNAL.code, message: 'The database is not reachable.' }),
      data: { database: { kind: db.kind, ok: false } },
    });
  });
}
