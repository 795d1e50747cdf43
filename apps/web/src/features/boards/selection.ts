import type { PinSelection } from '../../lib/pinTypes';

/**
 * The Pins picked in Organize mode: some listed ones, or "all but these"
 * (the spec's select-all with inverse selection), so that Select all covers
 * Pins not loaded yet and deselecting afterwards only records exceptions.
 */
export type Selection = { all: false; ids: ReadonlySet<string> } | { all: true; excluded: ReadonlySet<string> };

export const NOTHING_SELECTED: Selection = { all: false, ids: new Set() };
export const ALL_SELECTED: Selection = { all: true, excluded: new Set() };

export function isSelected(selection: Selection, pinId: string): boolean {
  return selection.all ? !selection.excluded.has(pinId) : selection.ids.has(pinId);
}

export function toggle(selection: Selection, pinId: string, selected: boolean): Selection {
  if (selection.all) {
    const excluded = new Set(selection.excluded);
    if (selected) excluded.delete(pinId);
    else excluded.add(pinId);
    return { all: true, excluded };
  }
  const ids = new Set(selection.ids);
  if (selected) ids.add(pinId);
  else ids.delete(pinId);
  return { all: false, ids };
}

/** How many Pins are selected, given how many there are in all. */
export function selectedCount(selection: Selection, total: number): number {
  return selection.all ? Math.max(0, total - selection.excluded.size) : selection.ids.size;
}

/** The selection as the bulk calls take it: pin_ids, or select_all with excluded_pin_ids. */
export function toApiSelection(selection: Selection): PinSelection {
  return selection.all ? { select_all: true, excluded_pin_ids: [...selection.excluded] } : { pin_ids: [...selection.ids] };
}
