/**
 * Who may moderate: staff (employees, `users.is_employee`, made staff by
 * `npm run make-staff`). Who may contest a decision: a person it was
 * notified to (the affected person or the reporter: DSA art. 20).
 */
export function canModerate(user: { is_employee: boolean } | null): boolean {
  return !!user && user.is_employee;
}

export function canContest(notice: { appealed: boolean } | null): 'yes' | 'missing' | 'already' {
  if (!notice) return 'missing';
  return notice.appealed ? 'already' : 'yes';
}
