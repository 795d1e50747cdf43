/**
 * The business profile a person acts as (logged-out-and-business §4): chosen in
 * the header's switcher, kept per browser session (sessionStorage), and only for
 * the person who chose it. No choice: their own account. Session-storage
 * failures are logged and ignored.
 */
import { useSyncExternalStore } from 'react';

export interface ActingProfile {
  id: string;
  username: string;
  businessName: string;
  imgUrl: string | null;
}

const KEY = 'pb_acting_profile';
/** Who is signed in, as the session read last told (the API calls below read the acting profile without a hook). */
let signedInViewerId: string | null = null;

export function noteSignedInViewer(viewerId: string | null) {
  signedInViewerId = viewerId;
}

/**
 * The business the signed-in person acts as, for the calls that take
 * `orbac_subject_id` (Pin create, save, section create, the board picker;
 * decision 043), or undefined when they act as themself.
 */
export function actingSubjectId(): string | undefined {
  return actingProfileOf(signedInViewerId)?.id;
}
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch (error) {
    console.warn('session storage', error);
    return null;
  }
}

/** The profile `viewerId` acts as in this browser session, or null (their own). */
export function actingProfileOf(viewerId: string | null | undefined, raw = read()): ActingProfile | null {
  if (!viewerId || !raw) return null;
  try {
    const stored = JSON.parse(raw) as { viewerId?: string; profile?: ActingProfile };
    return stored.viewerId === viewerId && stored.profile ? stored.profile : null;
  } catch {
    return null;
  }
}

export function setActingProfile(viewerId: string, profile: ActingProfile | null) {
  try {
    if (profile) sessionStorage.setItem(KEY, JSON.stringify({ viewerId, profile }));
    else sessionStorage.removeItem(KEY);
  } catch (error) {
    console.warn('session storage', error);
  }
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The acting profile of `viewerId`, kept current as the switcher changes it. */
export function useActingProfile(viewerId: string | null | undefined): ActingProfile | null {
  const raw = useSyncExternalStore(subscribe, read, () => null);
  return actingProfileOf(viewerId, raw);
}
