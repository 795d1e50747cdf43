import { z } from 'zod';
import { zId, zReadExtras } from './common';

export const zFollowUser = z.strictObject({ user_id: zId, invite_code: z.string().trim().max(64).optional() });
export const zUnfollowUser = z.strictObject({ user_id: zId });
export const zFollowList = z.strictObject({
  username: z.string().trim().min(1).max(64),
  explicit_following: z.boolean().optional(),
  exclude_not_explictly_followed: z.boolean().optional(),
  ...zReadExtras,
});
export const zBlockUser = z.strictObject({ blocked_user_id: zId, source: z.string().max(32).optional() });
export const zReportUser = z.strictObject({
  user_id: zId,
  reason: z.string().trim().min(1, 'Choose a reason for the report.').max(100),
  details: z.string().trim().max(2000).optional(),
});
export const TAKEDOWN_FORMS = ['test', 'turkey', 'dsa', 'india'] as const;
export const zTakedown = z.strictObject({
  law: z.enum(['DMCA', 'Trademark', 'GDPR']),
  reported_user_id: zId.optional(),
  reported_url: z.string().trim().max(2048).optional(),
  reporter_name: z.string().trim().max(200).optional(),
  reporter_email: z.string().trim().max(254).optional(),
  details: z.string().trim().min(1, 'Tell us what this report is about.').max(5000),
  trusted_flagger: z.boolean().optional(),
});
