/** Where to go after logging in or signing up: a path on this site from `?next=`, else home (never another origin). */
export function safeNext(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  return next;
}
