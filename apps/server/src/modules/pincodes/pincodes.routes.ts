/** The Pincode pictures: `GET /v3/users/{username}/pincode/` and `GET /v3/boards/{board_id}/pincode/` (`?format=svg|png&download=1`). */
import { zPincodeQuery } from '@pinboard/shared/schemas/pincodes';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { notFound } from '../../lib/app-error';
import { isId } from '../../lib/ids';
import { parseInput } from '../../lib/validation';
import { contextOf } from '../../plugins/session';
import type { Services } from '../../services';
import type { Pincode } from './pincodes.service';

const CONTENT_TYPE = { svg: 'image/svg+xml', png: 'image/png' } as const;

function send(reply: FastifyReply, code: Pincode, format: keyof typeof CONTENT_TYPE, download: boolean) {
  // Made for the person who asks (what they may see): never kept by a shared cache.
  reply.type(CONTENT_TYPE[format]).header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff');
  // An SVG opened on its own runs nothing: no script, no outside reference.
  if (format === 'svg') reply.header('content-security-policy', "default-src 'none'; img-src data:; style-src 'unsafe-inline'");
  if (download) reply.header('content-disposition', `attachment; filename="${code.filename}"`);
  return reply.send(code.data);
}

export function registerPincodeRoutes(app: FastifyInstance, s: Services) {
  app.get<{ Params: { username: string } }>('/v3/users/:username/pincode/', async (req, reply) => {
    const q = parseInput(zPincodeQuery, req.query ?? {});
    return send(reply, await s.pincodes.profile(contextOf(req), req.params.username, q.format), q.format, q.download === '1');
  });
  app.get<{ Params: { board_id: string } }>('/v3/boards/:board_id/pincode/', async (req, reply) => {
    if (!isId(req.params.board_id)) throw notFound('board');
    const q = parseInput(zPincodeQuery, req.query ?? {});
    return send(reply, await s.pincodes.board(contextOf(req), req.params.board_id, q.format), q.format, q.download === '1');
  });
}
