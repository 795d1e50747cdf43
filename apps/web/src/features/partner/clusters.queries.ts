import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PIN_CLUSTER_LIMIT } from '@pinboard/shared/constants/limits';
import { boardKeys } from '../boards/boardKeys';
import { feedKeys } from '../feeds/feeds.queries';
import { fetchClusterPins, fetchPinClusters, organizeCluster } from './clusters.api';
import { partnerKeys } from './partnerKeys';

export function usePinClusters({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: partnerKeys.clusters, queryFn: ({ signal }) => fetchPinClusters(PIN_CLUSTER_LIMIT, signal), enabled });
}

export function useClusterPins(clusterId: string | undefined) {
  return useQuery({
    queryKey: partnerKeys.clusterPins(clusterId ?? ''),
    queryFn: ({ signal }) => fetchClusterPins(clusterId!, signal),
    enabled: !!clusterId,
    retry: false,
  });
}

/** Puts a suggestion's Pins on the board just made from it. */
export function useOrganizeCluster() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ clusterId, boardId }: { clusterId: string; boardId: string }) => organizeCluster(clusterId, boardId),
    onSettled: async () => {
      await Promise.all([
        // The list only: a moved cluster's own Pins are gone, and reading them again would answer 404.
        queryClient.invalidateQueries({ queryKey: partnerKeys.clusters, exact: true }),
        queryClient.invalidateQueries({ queryKey: feedKeys.all }),
        queryClient.invalidateQueries({ queryKey: boardKeys.all }),
      ]);
    },
  });
}
