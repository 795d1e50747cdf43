/**
 * Hiding a Pin takes it out of the viewer's own home feed. One's own Pins
 * are not hidden (they are edited or deleted instead), so only others' Pins
 * may be hidden.
 */
import type { Viewer } from '../../lib/context';

export const CANT_HIDE_OWN_PIN = "You can't hide your own Pin.";

export function canHidePin(viewer: Viewer | null, pin: { pinner_id: string }): boolean {
  return !!viewer && viewer.id !== pin.pinner_id;
}
