/**
 * Who may act for a business, and do what (decision 035).
 * - A business's own account holds OWNER on itself; others hold what it granted them.
 * - Acting is honoured only when the person meets the MFA requirement (two-factor
 *   sign-in on) or holds OWNER; otherwise there is no acting profile.
 * - OWNER and ADMIN may do everything; PROFILE_PUBLISHER may create and edit boards
 *   and Pins; ANALYST may read only.
 * - Members are managed by OWNER and ADMIN; only an OWNER gives or takes OWNER or ADMIN.
 * - A business that moderation removed (decision 045) cannot sign in, and no one
 *   acts for it either: its grants answer as none (nothing is deleted, so a
 *   reinstatement brings them back).
 */
import type { BusinessPermission } from '@pinboard/shared/schemas/business';
import { maySignIn, maySignInSql, type AccountModeration } from '../users';

export type BusinessNeed = 'read' | 'publish' | 'manage';

const RANK: Record<BusinessPermission, number> = { OWNER: 4, ADMIN: 3, PROFILE_PUBLISHER: 2, ANALYST: 1 };
const NEEDED: Record<BusinessNeed, number> = { read: RANK.ANALYST, publish: RANK.PROFILE_PUBLISHER, manage: RANK.ADMIN };

/** The highest of a person's permissions, or null without any. */
export function highestPermission(permissions: readonly BusinessPermission[]): BusinessPermission | null {
  let best: BusinessPermission | null = null;
  for (const p of permissions) if (!best || RANK[p] > RANK[best]) best = p;
  return best;
}

/** Whether holding these permissions lets a person act at all (the MFA rule). */
export function actingHonoured(permissions: readonly BusinessPermission[], meetsMfa: boolean): boolean {
  return permissions.length > 0 && (meetsMfa || permissions.includes('OWNER'));
}

/** Whether these permissions allow what is needed (the MFA rule is separate: actingHonoured). */
export function permits(permissions: readonly BusinessPermission[], need: BusinessNeed): boolean {
  const best = highestPermission(permissions);
  return best !== null && RANK[best] >= NEEDED[need];
}

/** Whether a manager holding `manager` may give or take `target` permissions. */
export function mayAssign(manager: readonly BusinessPermission[], target: readonly BusinessPermission[]): boolean {
  if (manager.includes('OWNER')) return true;
  return manager.includes('ADMIN') && target.every((p) => p === 'PROFILE_PUBLISHER' || p === 'ANALYST');
}

/** Whether anyone may act for this business: the sign-in rule of users.policy, applied to the business (decision 055). */
export function businessInForce(account: { moderation?: AccountModeration }): boolean {
  return maySignIn(account);
}

/** SQL form of businessInForce for the users alias `alias` (the business's row). */
export function businessInForceSql(alias: string): string {
  return maySignInSql(alias);
}
