import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSignedInViewer } from '../session/session.queries';
import { fetchMetadata, updateMetadata, type UserMetadata, type UserMetadataUpdate } from './metadata.api';

const metadataKeys = { viewer: ['metadata'] as const };

/** The signed-in viewer's view preferences (nothing for visitors). */
export function useMetadata() {
  const viewer = useSignedInViewer();
  return useQuery({
    queryKey: metadataKeys.viewer,
    queryFn: ({ signal }) => fetchMetadata(signal),
    enabled: !!viewer,
    staleTime: 5 * 60_000,
  });
}

/** Stores a preference; the page follows at once and keeps it if the call fails (it is only a view setting). */
export function useUpdateMetadata() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: UserMetadataUpdate) => updateMetadata(update),
    onMutate: (update) => {
      const { board_sort_order, ...rest } = update;
      // Nothing read yet: the answer fills it.
      queryClient.setQueryData<UserMetadata>(
        metadataKeys.viewer,
        (old) =>
          old && {
            ...old,
            ...rest,
            ...(board_sort_order ? { board_sort_orders: { ...old.board_sort_orders, [board_sort_order.board_id]: board_sort_order.order } } : {}),
          },
      );
    },
    onSuccess: (metadata) => queryClient.setQueryData(metadataKeys.viewer, metadata),
  });
}
