/**
 * Who may change a Pin: its pinner edits it; the pinner or the board's owner
 * may delete it (owners keep their boards tidy, collaborators' Pins included).
 * The branded forms (decision 080) mark a Pin row as seen, editable or
 * deletable once the rule said yes.
 */
import type { Deletable, Editable, Visible } from '../../kernel/access.policy';
import type { Viewer } from '../../lib/context';

export function canEditPin(viewer: Viewer | null, pin: { pinner_id: string }) {
  return !!viewer && viewer.id === pin.pinner_id;
}

export function canDeletePin(viewer: Viewer | null, pin: { pinner_id: string }, boardOwnerId: string | null) {
  return !!viewer && (viewer.id === pin.pinner_id || viewer.id === boardOwnerId);
}

/**
 * A Pin row read through the Pin visibility rule (boards.policy visiblePinSql, which
 * pins.repo visibleById applies), branded as seen; null when there was none.
 */
export function seenPin<T extends { pinner_id: string }>(row: T | null | undefined): Visible<T> | null {
  return row ? (row as Visible<T>) : null;
}

/** The seen Pin, branded as the viewer's to change (canEditPin), or null. */
export function editablePin<T extends { pinner_id: string }>(viewer: Viewer | null, pin: Visible<T>): Editable<T> | null {
  return canEditPin(viewer, pin) ? (pin as Editable<T>) : null;
}

/** The seen Pin, branded as one the viewer may delete (canDeletePin, `boardOwnerId` its board's owner), or null. */
export function deletablePin<T extends { pinner_id: string }>(viewer: Viewer | null, pin: Visible<T>, boardOwnerId: string | null): Deletable<T> | null {
  return canDeletePin(viewer, pin, boardOwnerId) ? (pin as Deletable<T>) : null;
}
