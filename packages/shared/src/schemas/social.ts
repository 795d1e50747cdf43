import { z } from 'zod';
import { TAKEDOWN_LAWS } from '../constants/takedowns';
import { zId, zReadExtras } from './common';

export const zFollowUser = z.strictObject({ user_id: zId, invite_code: z.string().trim().max(64).optional() });
export const zUnfollowUser = z.strictObject({ user_id: zId });
/** BoardFollowResource create and delete (docs/product/api-contract.md §9): the board. */
export const zBoardFollow = z.strictObject({ board_id: zId });
export const zFollowList = z.strictObject({
  username: z.string().trim().min(1).max(64),
  explicit_following: z.boolean().optional(),
  exclude_not_explictly_followed: z.boolean().optional(),
  ...zReadExtras,
});
export const zBlockUser = z.strictObject({ blocked_user_id: zId, source: z.string().max(32).optional() });
/**
 * A report (docs/product/api-contract.md §9): its target is one of a person (`user_id`), a
 * Pin (`pin_id`, with one of PIN_REPORT_REASONS) or a comment (`comment_id`).
 */
export const zReportUser = z
  .strictObject({
    user_id: zId.optional(),
    pin_id: zId.optional(),
    comment_id: zId.optional(),
    reason: z.string().trim().min(1, 'Choose a reason for the report.').max(100),
    details: z.string().trim().max(2000).optional(),
  })
  .superRefine((o, ctx) => {
    const targets = [o.user_id, o.pin_id, o.comment_id].filter((x) => x !== undefined).length;
    if (targets !== 1)
      ctx.addIssue({ code: 'custom', path: ['user_id'], message: 'Report one person, Pin or comment: give one of user_id, pin_id and comment_id.' });
  });
const zLaw = z.enum(TAKEDOWN_LAWS);
/**
 * A legal takedown (docs/product/api-contract.md §8): `laws` lists DMCA, Trademark or GDPR
 * (`law` is read as a one-item list); the form's own rules (region, one law,
 * anonymity, trusted flaggers, the cutoff) are the server's, from
 * TAKEDOWN_CONFIG.
 */
export const zTakedown = z.strictObject({
  laws: z.array(zLaw).min(1, 'Choose the law this report is under.').max(TAKEDOWN_LAWS.length).optional(),
  law: zLaw.optional(),
  reported_user_id: zId.optional(),
  reported_url: z.string().trim().max(2048).optional(),
  reporter_name: z.string().trim().max(200).optional(),
  reporter_email: z.string().trim().max(254).optional(),
  reporter_country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'Choose your country.'),
  /** The day the reported content was published or first seen (YYYY-MM-DD): not before the cutoff, not in the future. */
  content_date: z.iso.date('Give the date as YYYY-MM-DD.'),
  details: z.string().trim().min(1, 'Tell us what this report is about.').max(5000),
  trusted_flagger: z.boolean().optional(),
});
