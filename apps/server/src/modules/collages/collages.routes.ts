import { zCreateCollage, zDeleteCollage, zGetCollage, zListCollages, zPublishCollage, zUpdateCollage } from '@pinboard/shared/schemas/collages';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/app-error';
import { successBody } from '../../lib/envelope';
import { isId } from '../../lib/ids';
import { pageRequestOf } from '../../lib/paging';
import { action, type ResourceRegistry } from '../../lib/resources';
import { parseInput } from '../../lib/validation';
import { contextOf } from '../../plugins/session';
import type { Services } from '../../services';

export function registerCollageResources(registry: ResourceRegistry, s: Services) {
  registry.add({
    name: 'CollageResource',
    description:
      'Your collages (shuffles): images of Pins you can see laid out on a 1000×1778 canvas, bottom layer first. Drafts are only ever yours. Needs the collages experiment.',
    actions: {
      get: action({
        summary: 'Read one of your collages with its layers',
        options: zGetCollage,
        auth: 'required',
        handler: (ctx, o) => s.collages.get(ctx, o.id),
      }),
      create: action({
        summary: 'Save a new collage draft',
        options: zCreateCollage,
        auth: 'required',
        handler: (ctx, o) => s.collages.create(ctx, o.layers),
      }),
      update: action({
        summary: "Replace a draft's layers",
        options: zUpdateCollage,
        auth: 'required',
        handler: (ctx, o) => s.collages.update(ctx, o.id, o.layers),
      }),
      delete: action({
        summary: 'Delete one of your collage drafts',
        options: zDeleteCollage,
        auth: 'required',
        handler: (ctx, o) => s.collages.delete(ctx, o.id),
      }),
    },
  });

  registry.add({
    name: 'CollagePublishResource',
    description: 'Publish a collage draft: it is rendered and becomes a Pin on one of your boards, or (no board_id) your profile.',
    actions: {
      create: action({
        summary: 'Publish a collage draft as a Pin',
        options: zPublishCollage,
        auth: 'required',
        handler: (ctx, o) => s.collages.publish(ctx, o),
      }),
    },
  });
}

/** The spec paths of collages (docs/product/profiles-and-boards.md §7; docs/product/api-contract.md §1.1). */
export function registerCollageSpecRoutes(app: FastifyInstance, s: Services) {
  app.get('/v3/users/me/shuffles/', async (req) => {
    const q = parseInput(zListCollages, req.query ?? {});
    const page = await s.collages.list(contextOf(req), {
      isDraft: q.is_draft === undefined ? null : q.is_draft === 'true',
      transformToPins: q.transform_to_pins === 'true',
      ...pageRequestOf(q),
    });
    return successBody('spec', page.items, page.bookmark);
  });

  app.delete<{ Params: { id: string } }>('/v3/shuffles/:id/', async (req) => {
    if (!isId(req.params.id)) throw notFound('collage');
    return successBody('spec', await s.collages.delete(contextOf(req), req.params.id));
  });
}
