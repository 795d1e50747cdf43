/**
 * The steps of the Organize modal (docs/product/profiles-and-boards.md §4, §9); the preview
 * strip and the upsell are in unorganized.ts. Pure, unit tested.
 */

type OrganizeStep = 'SELECT_PINS' | 'PICK_BOARD' | 'CREATE_BOARD';

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
