/**
 * Board suggestions for the owner's unorganized Pins
 * (docs/product/profiles-and-boards.md §2, §7, §9): the clusters, one cluster's Pins, and putting a cluster on a board.
 * Only the owner asks: the path names no user, the session does.
 */
import { PIN_CLUSTER_LIMIT } from '@pinboard/shared/constants/limits';
import type { Db } from '../../db/client';
import { invalid, notFound } from '../../lib/app-error';
import { requireViewer, type RequestContext } from '../../lib/context';
import { decodeCursor, pageOf } from '../../lib/cursor';
import type { PageRequest } from '../../lib/paging';
import type { BoardsService } from '../boards';
import { withBoardClaims } from '../bulk';
import { countPinsMoved, presentPin } from '../pins';
import { type PinWithRefs } from '../../kernel';
import { computeClusters, type Cluster } from './clusters.compute';
import { clustersRepo } from './clusters.repo';

function thumbnailOf(pin: PinWithRefs) {
  return pin.images['236x']?.url ?? pin.images.orig?.url ?? null;
}

export function createClustersService({ db, boards }: { db: Db; boards: BoardsService }) {
  async function clustersOf(userId: string, excludeQuickSaves: boolean, limit: number) {
    const pins = await clustersRepo.boardlessPins(db, userId, excludeQuickSaves);
    const byId = new Map(pins.map((pin) => [pin.id, pin]));
    return { clusters: computeClusters(pins, limit), byId };
  }

  async function clusterById(userId: string, clusterId: string) {
    const { clusters, byId } = await clustersOf(userId, false, PIN_CLUSTER_LIMIT);
    const cluster = clusters.find((c) => c.id === clusterId);
    if (!cluster) throw notFound('boardSuggestion');
    return { cluster, pins: cluster.pinIds.map((id) => byId.get(id)!) };
  }

  function present(cluster: Cluster, byId: Map<string, PinWithRefs>) {
    const thumbnails = cluster.pinIds
      .slice(0, 3)
      .map((id) => thumbnailOf(byId.get(id)!))
      .filter((url): url is string => !!url);
    return { id: cluster.id, names: cluster.names, thumbnails, pin_count: cluster.pinIds.length };
  }

  return {
    /** GET /v3/users/profile/pins/clusters/ */
    async list(ctx: RequestContext, o: { excludeQuickSaves: boolean; limit: number }) {
      const viewer = requireViewer(ctx);
      const { clusters, byId } = await clustersOf(viewer.id, o.excludeQuickSaves, Math.min(o.limit, PIN_CLUSTER_LIMIT));
      return clusters.map((cluster) => present(cluster, byId));
    },

    /** One suggestion with its names (for the create-board page). */
    async get(ctx: RequestContext, clusterId: string) {
      const viewer = requireViewer(ctx);
      const { clusters, byId } = await clustersOf(viewer.id, false, PIN_CLUSTER_LIMIT);
      const cluster = clusters.find((c) => c.id === clusterId);
      if (!cluster) throw notFound('boardSuggestion');
      return present(cluster, byId);
    },

    /** GET /v3/users/profile/pins/cluster/{id}/feed/: the cluster's Pins, newest first, keyset on id. */
    async feed(ctx: RequestContext, clusterId: string, o: PageRequest) {
      const viewer = requireViewer(ctx);
      const { pins } = await clusterById(viewer.id, clusterId);
      const cursor = decodeCursor(o.bookmark, ['id']);
      const after = cursor ? BigInt(cursor[0]) : null;
      const rest = pins.filter((pin) => after === null || BigInt(pin.id) < after);
      const page = pageOf(rest, o.pageSize, (pin) => [pin.id]);
      return { items: page.items.map(presentPin), bookmark: page.bookmark };
    },

    /** Puts the cluster's Pins on a board the viewer may add Pins to ("create board from cluster"). */
    async organize(ctx: RequestContext, clusterId: string, boardId: string) {
      const viewer = requireViewer(ctx);
      const board = await boards.boardToPinTo(ctx, boardId);
      const { cluster } = await clusterById(viewer.id, clusterId);
      const moved = await withBoardClaims(db, [board.id], () =>
        db.tx(async (tx) => {
          const ids = await clustersRepo.moveToBoard(tx, viewer.id, cluster.pinIds, board.id);
          if (ids.length === 0) throw invalid('cluster_id: those Pins are already on boards.');
          await countPinsMoved(tx, { from: null, to: board.id, count: ids.length });
          return ids;
        }),
      );
      return { board_id: board.id, moved_pin_ids: moved, moved_count: moved.length };
    },
  };
}
