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

export interface MovePinsResult<B = unknown> {
  moved_pin_ids: string[];
  moved_count: number;
  board: B | null;
  source_board: B | null;
  section_id: string | null;
}

export async function movePins<B>({ selection, ...input }: MovePinsInput): Promise<MovePinsResult<B>> {
  return (await api.send<MovePinsResult<B>>('PinMoveResource', 'create', { ...input, ...selection })).data;
}

export async function deletePins(input: {
  board_id: string;
  old_section_id?: string;
  selection: PinSelection;
}): Promise<{ deleted_pin_ids: string[]; deleted_count: number }> {
  const { selection, ...rest } = input;
  return (await api.send<{ deleted_pin_ids: string[]; deleted_count: number }>('PinBulkDeleteResource', 'delete', { ...rest, ...selection })).data;
}
