/**
 * Who may do what with an ad account: the one place that decides it.
 *
 * The roles are business access's (OWNER, ADMIN, PROFILE_PUBLISHER, ANALYST;
 * decision 035): the business owning the account is its OWNER, and a person
 * holds on the account what the business granted them, honoured only when
 * they meet the MFA requirement (two-factor sign-in on) or hold OWNER
 * (decision 043). When a person acts as the business, the role is the
 * person's, not the business's.
 */
import type { BusinessPermission } from '@pinboard/shared/schemas/business';
import type { Viewer } from '../../lib/context';
import { followsAnyTopicSql, followsNoTopicSql } from '../topics';

export type AdAccountRole = 'OWNER' | 'ADMIN' | 'PROFILE_PUBLISHER' | 'ANALYST';

export interface AdAccountFacts {
  owner_user_id: string;
}

/** What business access says of the person on the account's business: their highest permission and whether two-factor sign-in is on. */
export interface AdAccountGrant {
  permission: BusinessPermission | null;
  meetsMfaRequirement: boolean;
}

/** The person's role on the ad account, or null when they have none (the account then answers 404). */
export function adAccountRoleOf(person: Viewer | null, account: AdAccountFacts, grant: AdAccountGrant | null): AdAccountRole | null {
  if (!person) return null;
  if (person.id === account.owner_user_id) return 'OWNER';
  if (!grant?.permission) return null;
  // The MFA rule of business access: a grant is honoured only with two-factor sign-in on, or for an OWNER.
  if (grant.permission !== 'OWNER' && !grant.meetsMfaRequirement) return null;
  return grant.permission;
}

/** Reading reports and campaigns: every role. */
export const canReadAdAccount = (role: AdAccountRole | null) => role !== null;
/** Promoting Pins and changing campaigns: owners and admins. */
export const canManageCampaigns = (role: AdAccountRole | null) => role === 'OWNER' || role === 'ADMIN';
/** Billing: owners and admins. */
export const canSeeBilling = (role: AdAccountRole | null) => role === 'OWNER' || role === 'ADMIN';
/**
 * The protected-board toggle of a board on the ad account
 * (docs/product/profiles-and-boards.md §6): its owner, and a profile publisher, may change it; others see it disabled.
 */
export const canChangeBoardPrivacy = (role: AdAccountRole | null) => role === 'OWNER' || role === 'PROFILE_PUBLISHER';
/** Only the ad account's owner chooses a new board's privacy; others get protected. */
export const newBoardPrivacyFor = <P extends string>(role: AdAccountRole | null, asked: P | undefined): P | 'protected' | undefined =>
  role === 'OWNER' ? asked : 'protected';
/** The board picker on an ad account (docs/product/profiles-and-boards.md §6): secret boards hidden; boards filtered as protected when the account's owner is not the viewer. */
export const pickerFilterFor = (viewerId: string, account: AdAccountFacts | null) => ({
  hideSecret: true,
  onlyProtected: !account || account.owner_user_id !== viewerId,
});

/**
 * Whom an ad may be shown to (the delivery's SQL): never the business that
 * runs it; its Pin visible to everyone and to the viewer (boards.policy; in
 * the delivery's statement); the viewer's country the ad group's (the
 * statement's index); and the ad group's targeting (adTargetingMatchesSql).
 */
export function adMayReachSql(adAlias: string, viewerParam: string) {
  return `${adAlias}.owner_user_id <> ${viewerParam}`;
}

/**
 * The ad group's targeting against what is known of the viewer (decision 043).
 * An empty list targets everyone. Otherwise:
 * - ages: the viewer's age group is one of them, or unknown (an unknown age never excludes);
 * - genders: the viewer's gender is one of them, an unknown one counting as 'unknown': the
 *   targeting demands a known gender exactly when it names genders without 'unknown';
 * - interests (topic ids): the viewer follows one of the topics or a sub-topic of one, or
 *   follows no topic at all (unknown interests never exclude).
 * `groupAlias` is the ad group, `meAlias` the viewer's users row, `viewerParam` their id.
 */
export function adTargetingMatchesSql(groupAlias: string, meAlias: string, viewerParam: string) {
  const g = groupAlias;
  return `((cardinality(${g}.ages) = 0 OR ${meAlias}.age_group IS NULL OR ${meAlias}.age_group = ANY(${g}.ages))
    AND (cardinality(${g}.genders) = 0 OR COALESCE(${meAlias}.gender, 'unknown') = ANY(${g}.genders))
    AND (cardinality(${g}.interests) = 0 OR ${followsNoTopicSql(viewerParam)} OR ${followsAnyTopicSql(viewerParam, `${g}.interests`)}))`;
}
