/**
 * Who may change a Pin: its pinner edits it; the pinner or the board's owner
 * may delete it (owners keep their boards tidy, collaborators' Pins included).
 * The branded forms (decision 080) mark a Pin row as seen, editable or
 * deletable once the rule said yes.
 */
import type { Deletable, Editable, Visible } from '../../kernel/access.policy';
import type { TPinAbilities } from '@pinboard/shared/schemas/entities';
import type { Viewer } from '../../lib/context';

function canEditPin(viewer: Viewer | null, pin: { pinner_id: string }) {
  return !!viewer && viewer.id === pin.pinner_id;
}

function canDeletePin(viewer: Viewer | null, pin: { pinner_id: string }, boardOwnerId: string | null) {
  return !!viewer && (viewer.id === pin.pinner_id || viewer.id === boardOwnerId);
}

/**
 * What the viewer may do with a Pin they see (decision 080): edit it (canEditPin), delete it
 * (canDeletePin), save it (signed in, not a video still processing or failed, and no block between
 * the viewer and its pinner: `blocked`, blocks.policy blockBetween, asked by the caller). All false for
 * a signed-out viewer, so a kept signed-out answer is the same for everyone.
 */
export function pinAbilities(
  viewer: Viewer | null,
  pin: { pinner_id: string; board_owner_id: string | null; video_status: string | null },
  blocked: boolean,
): TPinAbilities {
  return {
    edit: canEditPin(viewer, pin),
    delete: canDeletePin(viewer, pin, pin.board_owner_id),
    save: !!viewer && !blocked && (!pin.video_status || pin.video_status === 'ready'),
  };
}

/**
 * A Pin row read through the Pin visibility rule (boards.policy visiblePinSql, which
 * the kernel's visiblePinById applies, decision 081), branded as seen; null when there was none.
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
