/**
 * The plain routes' side of the strict answer check (decisions 073, 079): with
 * `answerCheck: 'strict'` (the test harness), a success answer of a route the
 * shared contract names (`contract/routes.ts`, by method and route pattern)
 * has its `data` parsed with the route's output schema; a mismatch answers 500
 * with the paths of the mismatch, as a resource's does. Off in production.
 */
import type { FastifyInstance } from 'fastify';
import { routeOutputOf } from '@pinboard/shared/contract';
import { keyedError } from '../lib/app-error';

export function routeAnswerCheck(app: FastifyInstance) {
  app.addHook('preSerialization', async (req, _reply, payload) => {
    const schema = routeOutputOf(req.method, req.routeOptions.url);
    const body = payload as { status?: unknown; data?: unknown } | null;
    if (!schema || !body || typeof body !== 'object' || body.status !== 'success') return payload;
    const result = schema.safeParse(JSON.parse(JSON.stringify(body.data ?? null)));
    if (result.success) return payload;
    const route = `${req.method} ${req.routeOptions.url ?? ''}`;
    const problems = result.error.issues.slice(0, 8).map((i) => `${i.path.length ? i.path.join('.') : '(data)'}: ${i.message}`);
    const detail = `The answer of ${route} does not match the contract: ${problems.join('; ')}`;
    req.log.error({ route, problems }, 'answer does not match the contract');
    process.stderr.write(`${detail}\n`);
    throw keyedError('INTERNAL', 'request.internal', undefined, { messageDetail: detail });
  });
}
