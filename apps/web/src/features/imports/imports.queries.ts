import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TImportOut } from '@pinboard/shared/schemas/imports';
import { latestImport, retryImport } from './imports.api';

const importKeys = { latest: ['imports', 'latest'] as const };

const working = (i: TImportOut | null | undefined) => i?.status === 'queued' || i?.status === 'running';

/** The latest import, read again every second while it is queued or running. */
export function useLatestImport() {
  return useQuery({
    queryKey: importKeys.latest,
    queryFn: latestImport,
    refetchInterval: (query) => (working(query.state.data) ? 1000 : false),
  });
}

/** After an upload or a retry: read the latest import again (and go on polling). */
export function useImportStarted() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: importKeys.latest });
}

export function useRetryImport() {
  const started = useImportStarted();
  return useMutation({ mutationFn: (id: string) => retryImport(id), onSuccess: started });
}
