import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contestDecision, decideReport, fetchNotices, fetchQueue, fetchTransparency } from './moderation.api';

const moderationKeys = {
  all: ['moderation'] as const,
  queue: ['moderation', 'queue'] as const,
  transparency: ['moderation', 'transparency'] as const,
  notices: ['moderation', 'notices'] as const,
};

export function useModerationQueue() {
  return useInfiniteQuery({
    queryKey: moderationKeys.queue,
    queryFn: ({ pageParam, signal }) => fetchQueue(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.bookmark ?? undefined,
    retry: false,
  });
}

export function useTransparencyReport() {
  return useQuery({ queryKey: moderationKeys.transparency, queryFn: ({ signal }) => fetchTransparency(signal), retry: false });
}

export function useNotices() {
  return useInfiniteQuery({
    queryKey: moderationKeys.notices,
    queryFn: ({ pageParam, signal }) => fetchNotices(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.bookmark ?? undefined,
  });
}

export function useDecide() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: decideReport, onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all }) });
}

export function useContest() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: contestDecision, onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.notices }) });
}
