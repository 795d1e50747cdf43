import type { RouteOutput } from '@pinboard/shared/contract';
import { api, apiRoute } from '../../lib/api';
import type { Pin } from '../../lib/answers';

/* Board suggestions (Pin clusters): apart from partner.api.ts, since the owner's profile reads them in a chunk of its own. */

/** A board suggestion (docs/product/profiles-and-boards.md §3: Pin cluster). */
export type PinCluster = RouteOutput<'GET /v3/users/profile/pins/clusters/'>[number];

/** What a suggestion is called: its first name. */
export function clusterName(cluster: Pick<PinCluster, 'names'>): string {
  return cluster.names[0] ?? '';
}

export async function fetchPinClusters(limit: number, signal?: AbortSignal): Promise<PinCluster[]> {
  const query = new URLSearchParams({ exclude_quick_save_pins: 'false', max_cluster_limit: String(limit) });
  return (await apiRoute('GET /v3/users/profile/pins/clusters/', { query, signal })).data;
}

export async function fetchClusterPins(clusterId: string, signal?: AbortSignal): Promise<Pin[]> {
  return (
    await apiRoute('GET /v3/users/profile/pins/cluster/:id/feed/', { params: { id: clusterId }, query: new URLSearchParams({ page_size: '50' }), signal })
  ).data;
}

export async function organizeCluster(clusterId: string, boardId: string) {
  return (await api.resource('PinClusterResource', 'update', { cluster_id: clusterId, board_id: boardId })).data;
}
