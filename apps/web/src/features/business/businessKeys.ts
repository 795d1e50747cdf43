/** The query keys of business access and two-factor sign-in. */
export const businessKeys = {
  profiles: ['businessProfiles'] as const,
  members: (businessId: string) => ['businessMembers', businessId] as const,
  mfa: ['mfa'] as const,
};
