import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TQuickPromote } from '@pinboard/shared/schemas/ads';
import {
  createAdvertiser,
  fetchAdvertisers,
  fetchInterestCategories,
  fetchBilling,
  fetchCampaigns,
  fetchReport,
  quickPromote,
  updateCampaign,
  type ReportLevel,
} from './ads.api';
import { adsKeys } from './adsKeys';

export function useInterestCategories(enabled = true) {
  return useQuery({ queryKey: adsKeys.interests, queryFn: ({ signal }) => fetchInterestCategories(signal), enabled, staleTime: 3_600_000 });
}

export function useAdvertisers(enabled = true) {
  return useQuery({ queryKey: adsKeys.advertisers, queryFn: ({ signal }) => fetchAdvertisers(signal), enabled });
}

export function useCreateAdvertiser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createAdvertiser, onSuccess: () => queryClient.invalidateQueries({ queryKey: adsKeys.advertisers }) });
}

export function useQuickPromote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (o: { advertiserId: string; pinId: string; payload: TQuickPromote }) => quickPromote(o.advertiserId, o.pinId, o.payload),
    onSuccess: (_data, o) => queryClient.invalidateQueries({ queryKey: adsKeys.campaigns(o.advertiserId) }),
  });
}

export function useCampaigns(advertiserId: string) {
  return useQuery({ queryKey: adsKeys.campaigns(advertiserId), queryFn: ({ signal }) => fetchCampaigns(advertiserId, signal) });
}

export function useUpdateCampaign(advertiserId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCampaign,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adsKeys.account(advertiserId) }),
  });
}

export function useReport(advertiserId: string, level: ReportLevel, start: string, end: string, granularity: 'DAY' | 'TOTAL') {
  return useQuery({
    queryKey: adsKeys.report(advertiserId, level, start, end, granularity),
    queryFn: ({ signal }) => fetchReport({ advertiser_id: advertiserId, level, start_date: start, end_date: end, granularity }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useBilling(advertiserId: string) {
  return useQuery({ queryKey: adsKeys.billing(advertiserId), queryFn: ({ signal }) => fetchBilling(advertiserId, signal) });
}
