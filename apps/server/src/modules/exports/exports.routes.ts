import type { FastifyInstance } from 'fastify';
import { successBody } from '../../lib/envelope';
import { contextOf } from '../../plugins/session';
import type { Services } from '../../services';

type Id = { Params: { id: string } };

/**
 * Data exports (decision 096): ask for one (202), one's own list (the settings page), one's own export's state,
 * and its download, streamed from the media store to its owner alone. Session and CSRF as every plain /v3/ route.
 */
export function registerExportRoutes(app: FastifyInstance, s: Pick<Services, 'exports'>) {
  app.post('/v3/exports/', async (req, reply) => {
    reply.status(202);
    return successBody('spec', await s.exports.request(contextOf(req)));
  });
  app.get('/v3/exports/', async (req) => successBody('spec', await s.exports.list(contextOf(req))));
  app.get<Id>('/v3/exports/:id/', async (req) => successBody('spec', await s.exports.get(contextOf(req), req.params.id)));
  app.get<Id>('/v3/exports/:id/download/', async (req, reply) => {
    const { reader, filename } = await s.exports.download(contextOf(req), req.params.id);
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`)
      .header('cache-control', 'private, no-store')
      .header('content-length', reader.size)
      .send(reader.size === 0 ? '' : reader.stream(0, reader.size - 1));
  });
}
