/**
 * Business access (docs/product/api-contract.md §8): people a business lets act for it, with
 * permissions, and two-factor sign-in (TOTP) that acting may require.
 */
import { z } from 'zod';
import { MESSAGES } from '../constants/messages';
import { zId } from './common';

export const BUSINESS_PERMISSIONS = ['OWNER', 'ADMIN', 'PROFILE_PUBLISHER', 'ANALYST'] as const;
export type BusinessPermission = (typeof BUSINESS_PERMISSIONS)[number];

const zBusinessPermissions = z
  .array(z.enum(BUSINESS_PERMISSIONS, 'Expected OWNER, ADMIN, PROFILE_PUBLISHER or ANALYST.'))
  .min(1, 'permissions: choose at least one permission.')
  .max(4);

/** A six-digit code from an authenticator app. */
export const zTotpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { error: () => MESSAGES.validation.totpCode });
/** A six-digit code, or one of the recovery codes (xxxxx-xxxxx). */
export const zMfaCodeOrRecovery = z
  .string()
  .trim()
  .max(32)
  .regex(/^(?:\d{6}|[a-z0-9]{5}-[a-z0-9]{5})$/i, { error: () => MESSAGES.validation.totpOrRecovery });

/** BusinessAccessResource get: the members of a business (its owner and admins). */
export const zGetBusinessAccess = z.strictObject({ business_id: zId });
/** BusinessAccessResource create: give a person access, or change what they hold. By user_id (the contract's) or username. */
export const zGrantBusinessAccess = z
  .strictObject({
    business_id: zId,
    user_id: zId.optional(),
    username: z.string().trim().min(1, 'username: enter a username.').max(64).optional(),
    permissions: zBusinessPermissions,
  })
  .refine((o) => (o.user_id === undefined) !== (o.username === undefined), {
    message: 'user_id: name the person by user_id or by username.',
    path: ['user_id'],
  });
export type TGrantBusinessAccess = z.infer<typeof zGrantBusinessAccess>;
/** BusinessAccessResource delete: take a person's access away. */
export const zRevokeBusinessAccess = z.strictObject({ business_id: zId, user_id: zId });

/** BusinessActingResource get: the profile this session acts as (docs/product/api-contract.md §9). */
export const zGetBusinessActing = z.strictObject({});
/** BusinessActingResource update: act as `business_id` in this session, every tab of it; null (or one's own id) to act as oneself. */
export const zSetBusinessActing = z.strictObject({ business_id: zId.nullable() });

/**
 * UserMfaResource update: confirm enrolment with a code; delete: turn two-factor sign-in off with a
 * fresh code (or a recovery code) and the account's password (decision 055).
 */
export const zConfirmMfa = z.strictObject({ code: zTotpCode });
export const zDisableMfa = z.strictObject({
  code: zMfaCodeOrRecovery,
  password: z
    .string({ error: () => MESSAGES.validation.enterPassword })
    .min(1, { error: () => MESSAGES.validation.enterPassword })
    .max(256),
});

/** GET /vx/business_access/profiles/: one profile the viewer may act as. */
export interface TBusinessAccessProfile {
  id: string;
  permissions: BusinessPermission[];
  user: {
    username: string;
    businessName: string;
    imgUrl: string | null;
    merchantId: string | null;
    eligibleForStlTool: boolean;
    scheduledPinCount: number;
  };
  viewerMeetsMfaRequirement: boolean;
}

/** A member of a business, as its settings page lists them. */
export interface TBusinessMember {
  user_id: string;
  username: string;
  full_name: string;
  image_url: string | null;
  permissions: BusinessPermission[];
  mfa_enabled: boolean;
  granted_at: string;
}
