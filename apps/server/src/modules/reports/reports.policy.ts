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

/**
 * What staff read of the reported content inside a queue item (decision
 * 045): its words (a Pin's title, description and link; a board's name and
 * description; a profile's name, about and website) whatever decision took
 * it out of view, so that a counter-notice is reviewed with the content in
 * view. Only the queue carries it, and the queue answers staff alone; the
 * public doors (the profile, the board, the Pin, their images) stay closed
 * to staff as to everyone.
 */
export function contentForReview<T>(viewerIsStaff: boolean, content: T): T | null {
  return viewerIsStaff ? content : null;
}
