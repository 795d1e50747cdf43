/**
 * Access as a type (decision 080): a step that acts on content takes the
 * branded row a policy gave, so a plain row (what a repo answers) is refused
 * by the compiler. `npm run typecheck` covers this file: each
 * `@ts-expect-error` fails the typecheck if the line it marks ever compiles.
 */
import { describe, expect, it } from 'vitest';
import type { Editable } from '../src/kernel/access.policy';
import { editableBoard, pinnableBoard, seenBoard, type BoardAccessFacts } from '../src/kernel/boards.policy';
import { deletablePin, editablePin, seenPin } from '../src/modules/pins/pins.policy';
import type { removePin } from '../src/modules/pins/pin-lifecycle';

const owner = { id: '1', username: 'owner' };
const other = { id: '2', username: 'other' };
const row: BoardAccessFacts & { id: string } = { id: '10', owner_id: '1', privacy: 'public', deleted_at: null };

/** Stands for a service step that changes a board (boards.service changeBoard, removeBoard). */
function ownersStep(board: Editable<BoardAccessFacts & { id: string }>) {
  return board.id;
}

describe('access brands', () => {
  it('refuses a plain row, or a merely seen board, where Editable<Board> is required', () => {
    // @ts-expect-error a row as a repo answers it has not been through canEditBoard
    expect(() => ownersStep(row)).not.toThrow();
    const seen = seenBoard(owner, row)!;
    // @ts-expect-error seen is not editable: canSeeBoard said yes, canEditBoard was not asked
    ownersStep(seen);
    const own = editableBoard(owner, seen);
    expect(own && ownersStep(own)).toBe('10');
  });

  it('brands only what the policy allows, and keeps the row as it was', () => {
    expect(seenBoard(null, { ...row, privacy: 'secret' })).toBeNull();
    const seen = seenBoard(other, row)!;
    expect(seen).toBe(row);
    expect(editableBoard(other, seen)).toBeNull();
    expect(pinnableBoard(other, seen)).toBeNull();
    expect(pinnableBoard(other, seenBoard(other, { ...row, is_collaborator: true })!)).not.toBeNull();
  });

  it('refuses a plain Pin row where removing a Pin needs a Deletable<Pin>', () => {
    const pinRow = { id: '5', board_id: '10', pinner_id: '2' };
    type Remove = typeof removePin;
    const takes = (pin: Parameters<Remove>[1]) => pin.id;
    // @ts-expect-error a plain Pin row was never asked about (pins.policy deletablePin)
    takes(pinRow);
    const seen = seenPin(pinRow)!;
    // @ts-expect-error seen is not deletable
    takes(seen);
    expect(takes(deletablePin(owner, seen, '1')!)).toBe('5');
    expect(deletablePin({ id: '3', username: 'x' }, seen, '1')).toBeNull();
    expect(editablePin(owner, seen)).toBeNull();
    expect(editablePin(other, seen)).toBe(pinRow);
  });
});
