/**
 * Logged-out upsells (logged-out-and-business §4). Any part of the app calls
 * `upsell(event)` (or `useUpsell()`) when a signed-out visitor does something
 * the spec lists: the event is recorded (UnauthEventResource) and, for those
 * that ask to sign up, the shell opens the prompt: a signup or login modal
 * on desktop, a slide-up signup sheet on phones. For signed-in people and
 * bots (decided by the server, told in the first HTML) nothing happens.
 *
 * Part of every first paint: keep it small. The prompt itself is lazy.
 */
import { BARS, PROMPTING_EVENTS, entryChannelOf, inviteCodeOf, pageKindOf, referrerKindOf, type UnauthEvent } from '@pinboard/shared/constants/entry';
import { api } from './api';

let active = false;
let listener: ((event: UnauthEvent) => void) | null = null;
/** The scroll-down trigger fires once, and again only after it was cleared by a return to the top. */
let armed = true;

/** Whether the first HTML said its reader is a crawler or a link-preview fetcher. */
export const isBotClient = () => typeof document !== 'undefined' && !!document.documentElement.dataset.client;

/** The shell says whether the visitor is signed out (and not a bot), and who shows the prompt. */
export function setUpsellTarget(on: boolean, show: ((event: UnauthEvent) => void) | null) {
  active = on && !isBotClient();
  listener = show;
}

/** Records a logged-out event without prompting (for buttons that show their own login prompt). Returns whether it was recorded. */
export function recordUnauthEvent(event: UnauthEvent): boolean {
  if (!active) return false;
  api.send('UnauthEventResource', 'create', { event, page_kind: pageKindOf(location.pathname) }).catch(() => undefined);
  return true;
}

/** Records the event and, when it is one that asks to sign up, opens the prompt. Returns whether the visitor is signed out. */
export function upsell(event: UnauthEvent): boolean {
  if (!recordUnauthEvent(event)) return false;
  if (PROMPTING_EVENTS.includes(event)) listener?.(event);
  return true;
}

/** The hook form, for components (comments, related Pins, closeup menus…). */
export const useUpsell = () => upsell;

/** A signed-out visitor scrolled to `y` on a page `screen` px tall: past one screen the trigger fires; back at the top it clears. */
export function scrolledTo(y: number, screen: number) {
  if (!active) return;
  if (armed && y > screen) {
    armed = false;
    upsell('scroll_down_trigger');
  } else if (!armed && y < BARS.nearTop) {
    armed = true;
    recordUnauthEvent('scroll_down_clear');
  }
}

/** A new page: the trigger starts afresh. */
export function resetTrigger() {
  if (!armed) recordUnauthEvent('reset_trigger');
  armed = true;
}

/**
 * The first page of a signed-out visit: its entry channel (paid, invite,
 * email, fb, facebook, twitter, SEO…), referrer kind and page kind are
 * stored, with the invite code URL-encoded twice as the spec sends it. Once
 * per browser session.
 */
export function land() {
  try {
    if (!active || sessionStorage.getItem('pb_landed')) return;
    sessionStorage.setItem('pb_landed', '1');
  } catch {
    return;
  }
  const params = new URLSearchParams(location.search);
  const referrer = referrerKindOf(document.referrer, location.hostname);
  const code = inviteCodeOf(params);
  const tracking = params.get('sti');
  const body = {
    channel: entryChannelOf(params, referrer),
    referrer,
    page_kind: pageKindOf(location.pathname),
    ...(code ? { invite_code: encodeURIComponent(encodeURIComponent(code)) } : {}),
    ...(tracking ? { tracking_id: tracking } : {}),
  };
  api.spec('/v3/invite_code/attribution/land/', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).catch(() => undefined);
}
