/**
 * Business access's public face (decision 035). Other modules ask here what a
 * person may do for a business; never its repo.
 */
import type { BusinessPermission } from '@pinboard/shared/schemas/business';
import type { Queryable } from '../../db/client';
import { mfaEnabledFor } from '../mfa';
import { highestPermission } from './business-access.policy';
import { businessAccessRepo } from './business-access.repo';
import { permissionsOn } from './business-access.service';

/** The highest permission a person holds on a business (OWNER on their own account), or null. The MFA rule is not applied: see viewerMeetsMfaRequirement. */
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
