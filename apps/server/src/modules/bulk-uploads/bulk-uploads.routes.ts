import { zDeleteDraft, zListDrafts, zPublishDrafts, zUpdateDraft } from '@pinboard/shared/schemas/bulk-uploads';
import type { FastifyInstance } from 'fastify';
import { action, type ResourceRegistry } from '../../lib/resources';
import { contextOf } from '../../plugins/session';
import type { Services } from '../../services';
import { UPLOADS_PATH } from './bulk-uploads.service';

export function registerBulkUploadResources(registry: ResourceRegistry, s: Services) {
  registry.add({
    name: 'BulkUploadResource',
    description: 'Your draft Pins of a bulk upload (images uploaded with tus to /v3/uploads/): only ever yours.',
    actions: {
      get: action({
        summary: 'Read the drafts of one of your batches, oldest first, with their status',
        options: zListDrafts,
        auth: 'required',
        handler: (ctx, o) => s.bulkUploads.list(ctx, o.batch_id),
      }),
      update: action({
        summary: "Change a draft's title, description or link",
        options: zUpdateDraft,
        auth: 'required',
        handler: (ctx, o) => s.bulkUploads.update(ctx, o),
      }),
      delete: action({
        summary: 'Delete one of your drafts',
        options: zDeleteDraft,
        auth: 'required',
        handler: (ctx, o) => s.bulkUploads.delete(ctx, o.id),
      }),
    },
  });

  registry.add({
    name: 'BulkUploadPublishResource',
    description: 'Publish a batch: each ready draft becomes a Pin on one of your boards (and a section of it); exact duplicates are left out and reported.',
    actions: {
      create: action({
        summary: 'Publish the ready drafts of a batch',
        options: zPublishDrafts,
        auth: 'required',
        handler: (ctx, o) => s.bulkUploads.publish(ctx, o),
      }),
    },
  });
}

/**
 * The tus endpoint (decision 098): the body goes to tus untouched (no parser reads it). Who is asking and what is
 * checked first, so that a refusal is the contract's envelope; tus answers the rest. The CSRF check applies as to
 * every unsafe method: the web app's tus client sends X-CSRFToken.
 */
export function registerUploadRoutes(app: FastifyInstance, s: Services) {
  return app.register(async (scoped) => {
    scoped.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));
    scoped.post(`${UPLOADS_PATH}/`, async (req, reply) => {
      await s.bulkUploads.checkNewUpload(contextOf(req), req.raw);
      reply.hijack();
      await s.bulkUploads.tus(req.raw, reply.raw);
    });
    scoped.delete<{ Params: { id: string } }>(`${UPLOADS_PATH}/:id`, async (req, reply) => {
      await s.bulkUploads.deleteUpload(contextOf(req), req.params.id);
      return reply.code(204).header('tus-resumable', '1.0.0').send();
    });
    for (const method of ['HEAD', 'PATCH'] as const) {
      scoped.route<{ Params: { id: string } }>({
        method,
        url: `${UPLOADS_PATH}/:id`,
        async handler(req, reply) {
          await s.bulkUploads.checkUpload(contextOf(req), req.params.id);
          reply.hijack();
          await s.bulkUploads.tus(req.raw, reply.raw);
        },
      });
    }
  });
}
