import { api } from '../../lib/api';
import type { PinSelection } from '../../lib/pinTypes';

/*
 * Organize mode's bulk actions on a board's Pins: move them to another board
 * or section, or delete them. Only the Organize bar uses these.
 */

export interface MovePinsInput {
  board_id: string;
  new_board_id: string;
  old_section_id?: string;
  new_section_id?: string;
  selection: PinSelection;
}

export async function movePins({ selection, ...input }: MovePinsInput) {
  return (await api.resource('PinMoveResource', 'create', { ...input, ...selection })).data;
}

export async function deletePins(input: { board_id: string; old_section_id?: string; selection: PinSelection }) {
  const { selection, ...rest } = input;
  return (await api.resource('PinBulkDeleteResource', 'delete', { ...rest, ...selection })).data;
}
