/**
 * Today articles are editorial: anyone may read them (their Pins filtered
 * by topics.policy seenByViewerPinSql), and only staff (users flagged
 * `is_employee`, set with `npm run make-staff -- <username>`) write, change
 * or delete them.
 */
export function canWriteToday(user: { is_employee: boolean } | null): boolean {
  return !!user?.is_employee;
}

export const ONLY_STAFF = 'Only Pinboard staff can write Today articles.';
