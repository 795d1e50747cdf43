/**
 * Who may change a Pin: its pinner edits it; the pinner or the board's owner
 * may delete it (owners keep their boards tidy, collaborators' Pins included).
 * The branded forms (decision 080) mark a Pin row as seen, editable or
 * deletable once the rule said yes.
 */
import type { Deletable, Editable, Visible } from '../../kernel/access.policy';
import type { TPinAbilities } from '@pinboard/shared/schemas/entities';
import type { Viewer } from '../../lib/context';
import { listedBoardSql, notBlockedSql, visibleBoardSql } from '../../kernel';
import { notHiddenSql } from '../pin-hides';

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

/**
 * SQL (decision 095): which Pins `p` (board `b`, read through the Pin visibility rule already) "Same picture
 * elsewhere" may show the viewer: none on a board not listed to them (a protected board is seen by its link only,
 * its Pins name it to no one else), none of a person either of them blocked, none the viewer hid.
 */
export function sameImageListedSql(viewerParam: string) {
  return `((p.board_id IS NULL OR ${listedBoardSql(viewerParam, 'b')})
    AND (${viewerParam}::bigint IS NULL OR (${notBlockedSql(`${viewerParam}::bigint`, 'p.pinner_id')}
      AND ${notHiddenSql('p', viewerParam)})))`;
}

/**
 * SQL (decision 095): the boards "Already saved to" may name to a person for their own Pins there: the boards they
 * still see (a group board they left shows none of their Pins to them).
 */
export function alreadySavedBoardSql(viewerParam: string) {
  return visibleBoardSql(viewerParam, 'b');
}
