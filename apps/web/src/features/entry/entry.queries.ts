import type { ResourceOutput } from '@pinboard/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

type SignupWeekRow = ResourceOutput<'EntrySignupsResource', 'get'>['weeks'][number];

const entryKeys = { signups: (weeks: number) => ['entry', 'signups', weeks] as const };

/** EntrySignupsResource get (staff only; anyone else gets 404). */
export function useEntryStatistics(weeks: number) {
  return useQuery({
    queryKey: entryKeys.signups(weeks),
    queryFn: async ({ signal }) => (await api.resource('EntrySignupsResource', 'get', { weeks }, signal)).data,
    retry: false,
  });
}

/** Rows of (week, channel) as one row per week with a column per channel, channels by their total. */
export function pivotByWeek(rows: readonly SignupWeekRow[]): { channels: string[]; weeks: { week: string; counts: Record<string, number>; total: number }[] } {
  const totals = new Map<string, number>();
  const weeks = new Map<string, Record<string, number>>();
  for (const row of rows) {
    totals.set(row.channel, (totals.get(row.channel) ?? 0) + row.signups);
    const counts = weeks.get(row.week) ?? {};
    counts[row.channel] = (counts[row.channel] ?? 0) + row.signups;
    weeks.set(row.week, counts);
  }
  const channels = [...totals.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([channel]) => channel);
  return {
    channels,
    weeks: [...weeks.entries()]
      .sort((a, b) => b[0].localeCompare(a[0]))
      .map(([week, counts]) => ({ week, counts, total: Object.values(counts).reduce((sum, n) => sum + n, 0) })),
  };
}
