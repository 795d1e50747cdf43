/**
 * Logged-out upsells (docs/product/logged-out-and-business.md §4). Any part of the app calls
 * `upsell(event)` (or `useUpsell()`) when a signed-out visitor does something
 * the spec lists: the event is recorded (UnauthEventResource) and, for those
 * that ask to sign up, the signup prompt opens (a modal on desktop, a
 * slide-up sheet on phones). For signed-in people and bots nothing happens.
 *
 * Part of every first paint, so only a switchboard: the work is done by
 * shell/VisitorLayer.tsx, which is loaded for signed-out visitors alone and
 * registers itself here.
 */
import type { UnauthEvent } from '@pinboard/shared/constants/entry';

type Target = (event: UnauthEvent, prompt: boolean) => void;
let target: Target | null = null;

/** Whether the first HTML said its reader is a crawler or a link-preview fetcher (decision 041). */
export const isBotClient = () => typeof document !== 'undefined' && !!document.documentElement.dataset.client;

/** The visitor layer registers itself (null when it goes). */
export const setUpsellTarget = (next: Target | null) => void (target = next);

/** Records a logged-out event without prompting (for buttons that show their own login prompt). Returns whether the visitor is signed out. */
export function recordUnauthEvent(event: UnauthEvent): boolean {
  target?.(event, false);
  return !!target;
}

/** Records the event and, when it is one that asks to sign up, opens the prompt. Returns whether the visitor is signed out. */
export function upsell(event: UnauthEvent): boolean {
  target?.(event, true);
  return !!target;
}
