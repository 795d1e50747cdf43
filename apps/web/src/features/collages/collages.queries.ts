import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { boardKeys } from '../boards/boardKeys';
import { feedKeys } from '../feeds/feeds.queries';
import {
  deleteCollage,
  fetchCollage,
  fetchCollages,
  publishCollage,
  saveCollage,
  type ApiLayer,
  type CollageListKind,
  type PublishInput,
} from './collages.api';

const collageKeys = {
  all: ['collages'] as const,
  list: (kind: CollageListKind) => ['collages', 'list', kind] as const,
  one: (id: string) => ['collages', 'one', id] as const,
};

export function useCollageList(kind: CollageListKind) {
  return useInfiniteQuery({
    queryKey: collageKeys.list(kind),
    queryFn: ({ pageParam, signal }) => fetchCollages(kind, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.bookmark ?? undefined,
  });
}

export function useCollage(id: string | null) {
  return useQuery({ queryKey: collageKeys.one(id ?? ''), queryFn: ({ signal }) => fetchCollage(id ?? '', signal), enabled: !!id, retry: false });
}

export function useSaveCollage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, layers }: { id: string | null; layers: ApiLayer[] }) => saveCollage(id, layers),
    onSuccess: async (collage) => {
      queryClient.setQueryData(collageKeys.one(collage.id), collage);
      await queryClient.invalidateQueries({ queryKey: collageKeys.list('drafts') });
    },
  });
}

export function usePublishCollage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PublishInput) => publishCollage(input),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: collageKeys.all }),
        queryClient.invalidateQueries({ queryKey: feedKeys.all }),
        queryClient.invalidateQueries({ queryKey: boardKeys.all }),
      ]);
    },
  });
}

export function useDeleteCollage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteCollage(id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: collageKeys.list('drafts') });
    },
  });
}
