/**
 * The business profile a person acts as (docs/product/logged-out-and-business.md §4), kept with
 * the session on the server (BusinessActingResource, docs/product/api-contract.md §9; decision
 * 059), so every tab of the session acts alike. This module holds what the
 * server last said: the Viewer answer (first HTML, every re-read) carries it,
 * a switch answers it, and a switch in one tab is told to the others
 * (BroadcastChannel, else a storage event), which take it at once. The calls
 * that make content do not name the business: the server acts as the session
 * says, so a tab that missed a switch still acts as the session does.
 */
import { useSyncExternalStore } from 'react';
import type { ResourceOutput } from '@pinboard/shared/contract';
import { api } from './api';

export interface ActingProfile {
  id: string;
  username: string;
  businessName: string;
  imgUrl: string | null;
  /** What the person holds on the business (decision 035). */
  permissions?: string[];
}

/** Whether acting as this profile lets the person make content (Pins, boards): OWNER, ADMIN or PROFILE_PUBLISHER. */
export const actingMayPublish = (profile: ActingProfile | null): boolean =>
  !profile || !profile.permissions || profile.permissions.some((p) => p === 'OWNER' || p === 'ADMIN' || p === 'PROFILE_PUBLISHER');

/** The profile as the server answers it (`BusinessActingResource`, the Viewer's `acting`). */
type ServerActingProfile = ResourceOutput<'BusinessActingResource', 'get'>;

const CHANNEL = 'pb_acting_profile';

/** Who is signed in, and whom their session acts as, as the server last told. */
let viewerSignedIn: string | null = null;
let current: ActingProfile | null = null;
const listeners = new Set<() => void>();

export const actingFromServer = (p: ServerActingProfile | null | undefined): ActingProfile | null =>
  p
    ? {
        id: p.id,
        username: p.user.username,
        businessName: p.user.businessName,
        imgUrl: p.user.imgUrl,
        ...(p.permissions ? { permissions: p.permissions } : {}),
      }
    : null;

function same(a: ActingProfile | null, b: ActingProfile | null) {
  return (
    a === b ||
    (!!a &&
      !!b &&
      a.id === b.id &&
      a.businessName === b.businessName &&
      a.imgUrl === b.imgUrl &&
      a.username === b.username &&
      String(a.permissions) === String(b.permissions))
  );
}

function take(viewerId: string | null, profile: ActingProfile | null) {
  const next = viewerId ? profile : null;
  if (viewerId === viewerSignedIn && same(next, current)) return;
  viewerSignedIn = viewerId;
  current = next;
  for (const listener of listeners) listener();
}

/** The Viewer as the server answered it: who is signed in, and the profile their session acts as. */
export function noteSignedInViewer(viewerId: string | null, acting?: ServerActingProfile | null) {
  listen();
  take(viewerId, acting === undefined && viewerId === viewerSignedIn ? current : actingFromServer(acting));
}

/**
 * The business the signed-in person acts as, or undefined as themself: the board
 * picker's cache keys carry it, so a switch shows the other profile's boards.
 */
export function actingSubjectId(): string | undefined {
  return current?.id;
}

/** Who is signed in, as the session read last told. */
export function signedInViewerId(): string | null {
  return viewerSignedIn;
}

/** The profile `viewerId`'s session acts as, or null (their own). */
export function actingProfileOf(viewerId: string | null | undefined): ActingProfile | null {
  return viewerId && viewerId === viewerSignedIn ? current : null;
}

/** Switches the session (every tab of it) to act as `businessId`, or as oneself with null; answers the profile acted as. */
export async function switchActingProfile(viewerId: string, businessId: string | null): Promise<ActingProfile | null> {
  const answer = (await api.resource('BusinessActingResource', 'update', { business_id: businessId })).data;
  const profile = actingFromServer(answer);
  take(viewerId, profile);
  tell({ viewerId, profile });
  return profile;
}

interface Switched {
  viewerId: string;
  profile: ActingProfile | null;
}

let channel: BroadcastChannel | null | undefined;

/** Tells the session's other tabs of a switch. */
function tell(message: Switched) {
  try {
    if (channel) channel.postMessage(message);
    else localStorage.setItem(CHANNEL, JSON.stringify({ ...message, at: Date.now() }));
  } catch (error) {
    console.warn('acting profile: telling other tabs', error);
  }
}

function heard(message: unknown) {
  const m = message as Partial<Switched> | null;
  if (!m || typeof m.viewerId !== 'string' || m.viewerId !== viewerSignedIn) return;
  take(m.viewerId, m.profile ?? null);
}

/** Listens for switches in the session's other tabs (once). */
function listen() {
  if (channel !== undefined || typeof window === 'undefined') return;
  channel = null;
  try {
    if (typeof BroadcastChannel === 'function') {
      channel = new BroadcastChannel(CHANNEL);
      channel.onmessage = (event: MessageEvent) => heard(event.data);
      return;
    }
    window.addEventListener('storage', (event) => {
      if (event.key !== CHANNEL || !event.newValue) return;
      try {
        heard(JSON.parse(event.newValue));
      } catch {
        // Not ours to read.
      }
    });
  } catch (error) {
    console.warn('acting profile: listening to other tabs', error);
  }
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => current;

/** The profile `viewerId`'s session acts as, kept current as this or another tab switches. */
export function useActingProfile(viewerId: string | null | undefined): ActingProfile | null {
  const profile = useSyncExternalStore(subscribe, snapshot, () => null);
  return viewerId && viewerId === viewerSignedIn ? profile : null;
}

/** The profile the signed-in person's session acts as, or null (themself, or signed out). */
export function useSessionActing(): ActingProfile | null {
  return useSyncExternalStore(subscribe, snapshot, () => null);
}
