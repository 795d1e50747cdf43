/** The query keys of advertising. */
export const adsKeys = {
  advertisers: ['advertisers'] as const,
  /** The idea categories a campaign may target (the topics catalogue's top level). */
  interests: ['advertisers', 'interests'] as const,
  /** Everything read about one ad account. */
  account: (advertiserId: string) => ['advertisers', advertiserId] as const,
  campaigns: (advertiserId: string) => ['advertisers', advertiserId, 'campaigns'] as const,
  report: (advertiserId: string, level: string, start: string, end: string, granularity: string) =>
    ['advertisers', advertiserId, 'report', level, start, end, granularity] as const,
  billing: (advertiserId: string) => ['advertisers', advertiserId, 'billing'] as const,
};
