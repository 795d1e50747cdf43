import { isStaff } from '../users';

/**
 * Who may moderate: staff (employees: `users.is_employee`, set by
 * `npm run make-staff`, or a username in the STAFF_USERNAMES setting). Who may contest a decision: a person it was
 * notified to (the affected person or the reporter: DSA art. 20).
 */
export function canModerate(user: { is_employee: boolean; username: string } | null, staffUsernames: ReadonlySet<string>): boolean {
  return isStaff(user, staffUsernames);
}

export function canContest(notice: { appealed: boolean } | null): 'yes' | 'missing' | 'already' {
  if (!notice) return 'missing';
  return notice.appealed ? 'already' : 'yes';
}
