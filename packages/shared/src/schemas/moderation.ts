import { z } from 'zod';
import { MODERATION_DECISIONS } from '../constants/takedowns';
import { zBookmark, zId, zPageSize } from './common';

/** The staff queue: open reports and takedowns, oldest first (docs/product/api-contract.md §8). */
export const zModerationQueue = z.strictObject({
  bookmark: zBookmark,
  page_size: zPageSize,
  field_set_key: z.string().max(64).optional(),
});

/** A decision on one report, with the statement of reasons sent to both sides (DSA art. 17). */
export const zModerationDecision = z.strictObject({
  report_id: zId,
  decision: z.enum(MODERATION_DECISIONS),
  statement_of_reasons: z.string().trim().min(1, 'Write the statement of reasons.').max(5000),
});

/** A counter-notice (DSA art. 20): the affected person or the reporter contests a decision. */
export const zModerationAppeal = z.strictObject({
  decision_id: zId,
  /** Signed out: the token of the counter-notice link mailed to a removed person, who cannot sign in (decision 045). */
  appeal_token: z.string().trim().min(1).max(200).optional(),
  text: z.string().trim().min(1, 'Tell us why the decision is wrong.').max(5000),
});

/** The transparency report: counts by law, decision and time to decide, over an optional period. */
export const zTransparencyReport = z.strictObject({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});

/** The Viewer's moderation notices (statements of reasons about their content or their reports). */
export const zModerationNotices = z.strictObject({
  bookmark: zBookmark,
  page_size: zPageSize,
});
