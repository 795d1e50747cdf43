/**
 * Who may do what with an ad account: the one place that decides it.
 *
 * Business access roles (OWNER, ADMIN, PROFILE_PUBLISHER, ANALYST) are the
 * spec's; until grants exist, the business that owns the account is its
 * OWNER and nobody else has a role. When grants arrive, `adAccountRoleOf`
 * is the one function that reads them.
 */
import type { Viewer } from '../../lib/context';

export const AD_ACCOUNT_ROLES = ['OWNER', 'ADMIN', 'PROFILE_PUBLISHER', 'ANALYST'] as const;
export type AdAccountRole = (typeof AD_ACCOUNT_ROLES)[number];

export interface AdAccountFacts {
  owner_user_id: string;
}

/** The viewer's role on the ad account, or null when they have none (the account then answers 404). */
export function adAccountRoleOf(viewer: Viewer | null, account: AdAccountFacts): AdAccountRole | null {
  if (!viewer) return null;
  if (viewer.id === account.owner_user_id) return 'OWNER';
  return null;
}

/** Reading reports, campaigns and billing: every role. */
export const canReadAdAccount = (role: AdAccountRole | null) => role !== null;
/** Promoting Pins and changing campaigns: owners and admins. */
export const canManageCampaigns = (role: AdAccountRole | null) => role === 'OWNER' || role === 'ADMIN';
/** Billing: owners and admins. */
export const canSeeBilling = (role: AdAccountRole | null) => role === 'OWNER' || role === 'ADMIN';
/**
 * The protected-board toggle of a board on the ad account (profiles-and-boards
 * §6): its owner, and a profile publisher, may change it; others see it disabled.
 */
export const canChangeBoardPrivacy = (role: AdAccountRole | null) => role === 'OWNER' || role === 'PROFILE_PUBLISHER';
/** Only the ad account's owner chooses a new board's privacy; others get protected. */
export const newBoardPrivacyFor = <P extends string>(role: AdAccountRole | null, asked: P | undefined): P | 'protected' | undefined =>
  role === 'OWNER' ? asked : 'protected';

/**
 * Whom an ad may be shown to (the delivery's SQL): never the business that
 * runs it; its Pin visible to everyone and to the viewer (boards.policy);
 * the viewer's country the ad group's; age group and gender only when the
 * viewer's are known (they are not kept today, so they narrow nothing).
 */
export function adMayReachSql(adAlias: string, viewerParam: string) {
  return `${adAlias}.owner_user_id <> ${viewerParam}`;
}
