import { describe, expect, it } from 'vitest';
import { pivotByWeek } from './entry.queries';

describe('sign-ups by week', () => {
  it('makes one row per week, newest first, with a column per channel by total', () => {
    const { channels, weeks } = pivotByWeek([
      { week: '2026-11-16', channel: 'seo', signups: 2 },
      { week: '2026-11-23', channel: 'paid', signups: 1 },
      { week: '2026-11-23', channel: 'seo', signups: 3 },
      { week: '2026-11-16', channel: 'unknown', signups: 1 },
    ]);
    expect(channels).toEqual(['seo', 'paid', 'unknown']);
    expect(weeks).toEqual([
      { week: '2026-11-23', counts: { paid: 1, seo: 3 }, total: 4 },
      { week: '2026-11-16', counts: { seo: 2, unknown: 1 }, total: 3 },
    ]);
  });
});
