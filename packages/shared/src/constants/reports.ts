/**
 * The reasons a Pin can be reported for (decision 057): Pinterest's Report
 * Pin dialog, in its order. The server takes only these ids on a Pin report;
 * the web app draws the dialog from them (labels in the catalogues,
 * `pinReport.reasons.<id>`).
 */
export const PIN_REPORT_REASONS = [
  'spam',
  'nudity',
  'self_harm',
  'misinformation',
  'hateful_activities',
  'dangerous_goods',
  'harassment',
  'graphic_violence',
  'privacy_violation',
  'intellectual_property',
] as const;

export type PinReportReason = (typeof PIN_REPORT_REASONS)[number];

export function isPinReportReason(reason: string): reason is PinReportReason {
  return (PIN_REPORT_REASONS as readonly string[]).includes(reason);
}
