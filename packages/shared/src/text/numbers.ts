import { MESSAGES } from '../constants/messages';
import { interpolate } from './interpolate';

/**
 * Count shortform (docs/product/logged-out-and-business.md §5, docs/product/profiles-and-boards.md §9).
 *
 * - Default: above 999, k (1e3), m (1e6), b (1e9).
 * - CJK locales (language ja, zh or ko): 万 (1e4) and 億 (1e8).
 *   Choice: for CJK the shortform applies only above 9999, so 999 and 9999
 *   stay plain numbers (a 万 value below 1 such as '0.9万' would read oddly).
 *   Choice: the CJK check is on the language subtag ('ja', 'ja-JP', 'zh_TW',
 *   'ko-KR'), not on any string prefix, so e.g. 'kok' (Konkani) is not CJK.
 *   The brief's 万/億 are used for all three languages as the spec says.
 * - At most one fraction digit, no trailing '.0'. Values are rounded DOWN
 *   (truncated), never up: 999_999 is '999.9k', never '1000k' or '1m'. The unit
 *   is picked from the full value before scaling, so the scaled number is
 *   always below the next unit.
 * - The decimal separator is always '.', whatever the locale: the unit
 *   letters are not translated either, and the output stays predictable.
 * - Negative values keep their sign; non-integers are truncated first; NaN
 *   and infinities are returned as String(n).
 */

interface Unit {
  readonly value: number;
  readonly suffix: string;
}

const DEFAULT_UNITS: readonly Unit[] = [
  { value: 1e9, suffix: 'b' },
  { value: 1e6, suffix: 'm' },
  { value: 1e3, suffix: 'k' },
];
const DEFAULT_THRESHOLD = 999;

const CJK_UNITS: readonly Unit[] = [
  { value: 1e8, suffix: '億' },
  { value: 1e4, suffix: '万' },
];
const CJK_THRESHOLD = 9999;

/** True for Chinese, Japanese and Korean locale tags. */
export function isCjkLocale(locale: string): boolean {
  return /^(?:ja|zh|ko)(?:[-_]|$)/i.test(locale);
}

/** Whole tenths of `whole / unit`, rounded down, with exact integer arithmetic. */
function tenthsOf(whole: number, unit: number): number {
  const scaled = whole * 10;
  return (scaled - (scaled % unit)) / unit;
}

export function formatShortNumber(n: number, locale = 'en-US'): string {
  if (!Number.isFinite(n)) return String(n);
  const sign = n < 0 ? '-' : '';
  const whole = Math.floor(Math.abs(n));
  const cjk = isCjkLocale(locale);
  const threshold = cjk ? CJK_THRESHOLD : DEFAULT_THRESHOLD;
  const units = cjk ? CJK_UNITS : DEFAULT_UNITS;

  if (whole <= threshold) return `${sign}${whole}`;
  const unit = units.find((u) => whole >= u.value);
  if (!unit) return `${sign}${whole}`;

  const tenths = tenthsOf(whole, unit.value);
  const integer = Math.floor(tenths / 10);
  const fraction = tenths % 10;
  const digits = fraction === 0 ? `${integer}` : `${integer}.${fraction}`;
  return `${sign}${digits}${unit.suffix}`;
}

/** At 10,000,000 monthly views or more the count shows as '10m+'. */
const MONTHLY_VIEWS_CAP = 10_000_000;

/**
 * Viewer-count line of a profile (docs/product/profiles-and-boards.md §2): null when hidden
 * (the API sends -1; any other negative or non-finite value is treated as
 * hidden too), '10m+ monthly views' at 10,000,000 or more, otherwise
 * '{count} monthly views' with the count in the locale's shortform; `texts`
 * are the two texts in the page's language (the web app's MESSAGES.profile).
 */
export function formatMonthlyViews(
  n: number,
  locale = 'en-US',
  texts: Pick<(typeof MESSAGES)['profile'], 'monthlyViews' | 'monthlyViewsCapped'> = MESSAGES.profile,
): string | null {
  if (!Number.isFinite(n) || n < 0) return null;
  if (n >= MONTHLY_VIEWS_CAP) return texts.monthlyViewsCapped;
  return interpolate(texts.monthlyViews, { count: formatShortNumber(n, locale) });
}
