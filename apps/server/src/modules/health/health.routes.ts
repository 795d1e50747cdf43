import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { successBody } from '../../lib/envelope';

/** Liveness plus a round trip to the database. */
export async function healthRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get('/healthz', async (_req, reply) => {
    const started = performance.now();
    try {
      await db.query('SELECT 1');
      return successBody('spec', { status: 'ok', database: { kind: db.kind, ok: true, latency_ms: +(performance.now() - started).toFixed(2) } });
    } catch {
      return reply.status(503).send({ status: 'failure', code: 1099, message: 'The database is not reachable.', message_detail: '' , data: { database: { kind: db.kind, ok: false } } });
    }
  });
}
