import { isStaff } from '../users';

/**
 * Today articles are editorial: anyone may read them (their Pins filtered
 * by topics.policy seenByViewerPinSql), and only staff (users flagged
 * `is_employee`, set with `npm run make-staff -- <username>`) write, change
 * or delete them; so do the people named in STAFF_USERNAMES.
 */
export function canWriteToday(user: { is_employee: boolean; username: string } | null, staffUsernames: ReadonlySet<string>): boolean {
  return isStaff(user, staffUsernames);
}

export const ONLY_STAFF = 'Only Pinboard staff can write Today articles.';
