import { formatDate, getLocale } from '../../lib/i18n';
import { ageParts, justNow, shortUnit } from '../../lib/relativeAge';

/** A comment's age as the closeup shows it: 'now', '5m', '3h', '2d', '4w' (in the locale's short forms), then the date ('12 Mar 2025'). */
export function timeAgo(iso: string, now: number = Date.now(), locale: string = getLocale()): string {
  const seconds = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 1000));
  const days = Math.floor(seconds / (24 * 3600));
  if (days < 7 * 8) {
    // Under a year the largest unit is at most weeks; a comment older than eight weeks shows its date instead.
    const age = ageParts(seconds);
    return age ? shortUnit(age.value, age.unit, locale) : justNow(locale);
  }
  // Day, month, year: en-US reads it in the British order ('12 Mar 2025'), other locales in their own.
  return formatDate(iso, { day: 'numeric', month: 'short', year: 'numeric' }, locale === 'en-US' ? 'en-GB' : locale);
}
