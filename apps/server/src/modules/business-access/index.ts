/**
 * Business access's public face (decision 035). Other modules ask here what a
 * person may do for a business; never its repo.
 */
import type { BusinessPermission } from '@pinboard/shared/schemas/business';
import type { Queryable } from '../../db/client';
import { mfaEnabledFor } from '../mfa';
import { actingHonoured, highestPermission, permits, type BusinessNeed } from './business-access.policy';
import { businessAccessRepo } from './business-access.repo';
import { permissionsOn } from './business-access.service';

export { createBusinessAccessService, type Acting, type BusinessAccessService } from './business-access.service';
export { actingHonoured, permits, type BusinessNeed } from './business-access.policy';

/** The highest permission a person holds on a business (OWNER on their own account), or null. The MFA rule is not applied: see actingProfileFor. */
export async function businessPermissionOf(db: Queryable, viewerId: string, businessUserId: string): Promise<BusinessPermission | null> {
  return highestPermission(await permissionsOn(db, viewerId, businessUserId));
}

/** The businesses a person holds a grant on, with their highest permission (the MFA rule not applied). */
export async function businessesOf(db: Queryable, viewerId: string): Promise<{ businessId: string; permission: BusinessPermission }[]> {
  const rows = await businessAccessRepo.businessesOf(db, viewerId);
  return rows.flatMap((r) => {
    const permission = highestPermission(r.permissions);
    return permission ? [{ businessId: r.id, permission }] : [];
  });
}

/** Whether a person meets the MFA requirement of acting for a business (two-factor sign-in is on). */
export const viewerMeetsMfaRequirement = (db: Queryable, viewerId: string): Promise<boolean> => mfaEnabledFor(db, viewerId);

/**
 * The profile a person acts as when a call names `orbacSubjectId`, without throwing:
 * null when they may not act for it (no permission, the MFA rule unmet, or the
 * permission does not allow `need`); no subject (or their own id): their own account as OWNER.
 */
export async function actingProfileFor(
  db: Queryable,
  viewer: { id: string },
  orbacSubjectId: string | null | undefined,
  need: BusinessNeed = 'read',
): Promise<{ businessId: string; permission: BusinessPermission; meetsMfaRequirement: boolean } | null> {
  const subject = orbacSubjectId || viewer.id;
  const permissions = await permissionsOn(db, viewer.id, subject);
  const meetsMfa = await mfaEnabledFor(db, viewer.id);
  if (!actingHonoured(permissions, meetsMfa) || !permits(permissions, need)) return null;
  if (subject !== viewer.id && !(await businessAccessRepo.account(db, subject))) return null;
  return { businessId: subject, permission: highestPermission(permissions)!, meetsMfaRequirement: meetsMfa };
}
