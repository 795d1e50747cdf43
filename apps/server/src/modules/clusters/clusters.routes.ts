import { zGetCluster } from '@pinboard/shared/schemas/partner';
import { PIN_CLUSTER_LIMIT } from '@pinboard/shared/constants/limits';
import { zPinClusters, zOrganizeCluster } from '@pinboard/shared/schemas/partner';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../lib/app-error';
import { successBody } from '../../lib/envelope';
import { isId } from '../../lib/ids';
import { pageRequestOf } from '../../lib/paging';
import { action, type ResourceRegistry } from '../../lib/resources';
import { parseInput } from '../../lib/validation';
import { contextOf } from '../../plugins/session';
import type { Services } from '../../services';

export function registerClusterResources(registry: ResourceRegistry, s: Services) {
  registry.add({
    name: 'PinClusterResource',
    description: 'One board suggestion (Pin cluster) from your unorganized Pins, and putting its Pins on a board.',
    actions: {
      get: action({
        summary: 'Read one board suggestion: id, names, thumbnails, pin_count',
        options: zGetCluster,
        auth: 'required',
        handler: (ctx, o) => s.clusters.get(ctx, o.cluster_id),
      }),
      update: action({
        summary: "Put the suggestion's Pins on one of your boards",
        options: zOrganizeCluster,
        auth: 'required',
        handler: (ctx, o) => s.clusters.organize(ctx, o.cluster_id, o.board_id),
      }),
    },
  });
}

/** The spec paths of board suggestions (docs/product/profiles-and-boards.md §7; docs/product/api-contract.md §1.1). */
export function registerClusterSpecRoutes(app: FastifyInstance, s: Services) {
  app.get('/v3/users/profile/pins/clusters/', async (req) => {
    const q = parseInput(zPinClusters, req.query ?? {});
    const clusters = await s.clusters.list(contextOf(req), {
      excludeQuickSaves: q.exclude_quick_save_pins === 'true',
      limit: q.max_cluster_limit ?? PIN_CLUSTER_LIMIT,
    });
    return successBody('spec', clusters);
  });

  app.get<{ Params: { id: string } }>('/v3/users/profile/pins/cluster/:id/feed/', async (req) => {
    if (!isId(req.params.id)) throw notFound('boardSuggestion');
    const q = parseInput(
      z.strictObject({
        fields: z.string().max(512).optional(),
        bookmark: z.string().max(512).optional(),
        page_size: z.coerce.number().int().min(1).max(250).optional(),
      }),
      req.query ?? {},
    );
    const page = await s.clusters.feed(contextOf(req), req.params.id, pageRequestOf(q));
    return successBody('spec', page.items, page.bookmark);
  });
}
