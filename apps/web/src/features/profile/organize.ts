/**
 * Unorganized (boardless) Pins: the preview strip, the upsell and the steps
 * of the Organize modal (profiles-and-boards §2, §4, §9). Pure, unit tested.
 */

/** The preview strip shows at most this many tiles; the last one can carry a +count. */
export const BOARDLESS_PREVIEW_TILES = 6;
/** The organize upsell needs at least this many boardless Pins, and no boards. */
export const ORGANIZE_UPSELL_MIN_PINS = 5;

export interface PreviewTile<T> {
  item: T;
  /** How many more Pins the tile stands for ('+N'), or 0. */
  more: number;
}

/** Up to six tiles; when there are more Pins than tiles, the sixth shows +(total − 5). */
export function boardlessPreview<T>(items: readonly T[], total: number = items.length): PreviewTile<T>[] {
  const shown = items.slice(0, BOARDLESS_PREVIEW_TILES);
  const count = Math.max(total, items.length);
  return shown.map((item, index) => ({
    item,
    more: index === BOARDLESS_PREVIEW_TILES - 1 && count > BOARDLESS_PREVIEW_TILES ? count - (BOARDLESS_PREVIEW_TILES - 1) : 0,
  }));
}

export function showsOrganizeUpsell(boardlessCount: number, boardCount: number): boolean {
  return boardlessCount >= ORGANIZE_UPSELL_MIN_PINS && boardCount === 0;
}

export type OrganizeStep = 'SELECT_PINS' | 'PICK_BOARD' | 'CREATE_BOARD';

export interface OrganizeState {
  step: OrganizeStep;
  selected: ReadonlySet<string>;
  /** Whether the owner has boards to pick from. */
  hasBoards: boolean;
}

export type OrganizeAction =
  | { type: 'toggle'; pinId: string; selected: boolean }
  | { type: 'next' }
  | { type: 'createBoard' }
  | { type: 'back' }
  | { type: 'boardsLoaded'; hasBoards: boolean }
  | { type: 'reset' };

export function initialOrganizeState(hasBoards: boolean): OrganizeState {
  return { step: 'SELECT_PINS', selected: new Set(), hasBoards };
}

/** Next is enabled once at least one Pin is selected. */
export function canGoNext(state: OrganizeState): boolean {
  return state.step === 'SELECT_PINS' && state.selected.size > 0;
}

export function organizeReducer(state: OrganizeState, action: OrganizeAction): OrganizeState {
  switch (action.type) {
    case 'toggle': {
      if (state.step !== 'SELECT_PINS') return state;
      const selected = new Set(state.selected);
      if (action.selected) selected.add(action.pinId);
      else selected.delete(action.pinId);
      return { ...state, selected };
    }
    case 'next':
      if (!canGoNext(state)) return state;
      return { ...state, step: state.hasBoards ? 'PICK_BOARD' : 'CREATE_BOARD' };
    case 'createBoard':
      return state.step === 'SELECT_PINS' && state.selected.size === 0 ? state : { ...state, step: 'CREATE_BOARD' };
    case 'back':
      if (state.step === 'CREATE_BOARD') return { ...state, step: state.hasBoards ? 'PICK_BOARD' : 'SELECT_PINS' };
      if (state.step === 'PICK_BOARD') return { ...state, step: 'SELECT_PINS' };
      return state;
    case 'boardsLoaded':
      return { ...state, hasBoards: action.hasBoards };
    case 'reset':
      return initialOrganizeState(state.hasBoards);
  }
}
