import type { ResourceOutput } from '@pinboard/shared/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type AdminOverview = ResourceOutput<'AdminOverviewResource', 'get'>;
export type FailedJob = AdminOverview['failed_jobs'][number];

const adminKeys = { overview: ['admin', 'overview'] as const };

/** How often the page reads again while it is open. */
const REFRESH_MS = 15_000;

/** AdminOverviewResource get (staff only; anyone else gets 404), read again every 15 seconds. */
export function useAdminOverview() {
  return useQuery({
    queryKey: adminKeys.overview,
    queryFn: async ({ signal }) => (await api.resource('AdminOverviewResource', 'get', {}, signal)).data,
    refetchInterval: REFRESH_MS,
    retry: false,
  });
}

/** Retries or discards a failed job, then reads the page again. */
export function useFailedJobAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ job, action }: { job: FailedJob; action: 'retry' | 'discard' }) =>
      (await api.resource(action === 'retry' ? 'AdminJobRetryResource' : 'AdminJobDiscardResource', 'create', { queue: job.queue, id: job.id })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.overview }),
  });
}
