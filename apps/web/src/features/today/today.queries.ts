import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createArticle, deleteArticle, fetchArticle, fetchLatest, updateArticle, type ArticleDraft } from './today.api';

const todayKeys = {
  all: ['today'] as const,
  article: (id: string) => ['today', 'article', id] as const,
  latest: ['today', 'latest'] as const,
};

export function useTodayArticle(id: string) {
  return useQuery({ queryKey: todayKeys.article(id), queryFn: ({ signal }) => fetchArticle(id, signal), enabled: /^\d+$/.test(id) });
}

export function useLatestArticles() {
  return useInfiniteQuery({
    queryKey: todayKeys.latest,
    queryFn: ({ pageParam, signal }) => fetchLatest(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.bookmark ?? undefined,
  });
}

export function useCreateArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createArticle,
    onSettled: () => queryClient.invalidateQueries({ queryKey: todayKeys.all }),
  });
}

export function useUpdateArticle(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: ArticleDraft) => updateArticle(id, draft),
    onSettled: () => queryClient.invalidateQueries({ queryKey: todayKeys.all }),
  });
}

export function useDeleteArticle(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteArticle(id),
    onSuccess: () => queryClient.removeQueries({ queryKey: todayKeys.article(id) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: todayKeys.latest }),
  });
}
