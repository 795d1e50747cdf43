/** The query keys of business profiles, tried Pins and board suggestions. */
export const partnerKeys = {
  merchant: (userId: string) => ['merchant', userId] as const,
  websiteClaim: ['websiteClaim'] as const,
  tried: (pinId: string) => ['tried', pinId] as const,
  clusters: ['pinClusters'] as const,
  clusterPins: (clusterId: string) => ['pinClusters', clusterId, 'pins'] as const,
};
