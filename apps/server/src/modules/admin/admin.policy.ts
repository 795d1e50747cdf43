import { isStaff } from '../../kernel';

/**
 * Who may see the admin page and act on its jobs (decision 106): staff only (`users.is_employee`, set by
 * `npm run make-staff`, or a username in the STAFF_USERNAMES setting). Anyone else, signed in or not, is
 * answered as if the page and its resources did not exist: 404.
 */
export function maySeeAdmin(user: { is_employee: boolean; username: string } | null, staffUsernames: ReadonlySet<string>): boolean {
  return isStaff(user, staffUsernames);
}
