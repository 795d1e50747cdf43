/**
 * Outbound clicks and saves of a Pin served as an ad, told to the server
 * (impressions are counted when the feed serves it). Fire and forget: a lost
 * event must never stand in the person's way.
 */
import { api } from './api';

export function recordPromotedEvent(pin: { id: string; is_promoted?: true }, event: 'outbound_click' | 'save'): void {
  if (!pin.is_promoted) return;
  void api.resource('PromotedPinEventResource', 'create', { pin_id: pin.id, event }).catch(() => undefined);
}
