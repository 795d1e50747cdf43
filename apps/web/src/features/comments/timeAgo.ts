import { formatDate, getLocale } from '../../lib/i18n';

/** A comment's age as the closeup shows it: 'now', '5m', '3h', '2d', '4w', then the date ('12 Mar 2025'). */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 1000));
  if (seconds < 60) return 'now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days}d`;
  if (days < 7 * 8) return `${Math.floor(days / 7)}w`;
  // Day, month, year: en-US reads it in the British order ('12 Mar 2025'), other locales in their own.
  const locale = getLocale();
  return formatDate(iso, { day: 'numeric', month: 'short', year: 'numeric' }, locale === 'en-US' ? 'en-GB' : locale);
}
