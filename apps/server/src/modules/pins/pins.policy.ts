/**
 * Who may change a Pin: its pinner edits it; the pinner or the board's owner
 * may delete it (owners keep their boards tidy, collaborators' Pins included).
 */
import type { Viewer } from '../../lib/context';

export function canEditPin(viewer: Viewer | null, pin: { pinner_id: string }) {
  return !!viewer && viewer.id === pin.pinner_id;
}

export function canDeletePin(viewer: Viewer | null, pin: { pinner_id: string }, boardOwnerId: string | null) {
  return !!viewer && (viewer.id === pin.pinner_id || viewer.id === boardOwnerId);
}
