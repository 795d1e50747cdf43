import { actingSubjectId } from './actingProfile';

/*
 * The query keys of boards and of the board picker, below every feature:
 * saving, making or moving a Pin from any feature refreshes boards and the
 * picker, and boards show Pins (features/boards/boardKeys.ts re-exports
 * these with what to refresh after a board changes).
 */

export const boardKeys = {
  all: ['boards'] as const,
  /** Every board read by its path (keys match partially). */
  allByPath: ['boards', 'path'] as const,
  byPath: (username: string, slug: string) => ['boards', 'path', username.toLowerCase(), slug] as const,
  byId: (boardId: string) => ['boards', 'id', boardId] as const,
  ofUser: (username: string, sort?: string) => ['boards', 'user', username.toLowerCase(), 'list', sort ?? 'default'] as const,
  userLists: (username: string) => ['boards', 'user', username.toLowerCase()] as const,
  allOfUser: (username: string) => ['boards', 'user', username.toLowerCase(), 'all'] as const,
  deleted: ['boards', 'deleted'] as const,
  /** How many running campaigns promote the board's Pins (its owner asks before making it secret). */
  ads: (boardId: string) => ['boards', 'ads', boardId] as const,
  /** The ad accounts the viewer has a role on (which boards use the protected toggle). */
  adAccounts: ['boards', 'ad-accounts'] as const,
  sections: (boardId: string) => ['boards', 'sections', boardId] as const,
  repinSections: (boardId: string) => ['boards', 'repin-sections', boardId] as const,
  /** Every section read by its slug, or those of one board (keys match partially). */
  allSections: ['boards', 'section'] as const,
  sectionsOfBoard: (boardId: string) => ['boards', 'section', boardId] as const,
  section: (boardId: string, slug: string) => ['boards', 'section', boardId, slug] as const,
};

/** The board picker's data, refreshed whenever boards change (docs/product/profiles-and-boards.md §4). */
export const pickerKeys = {
  all: ['picker'] as const,
  /** Per acting profile (the header's switcher): switching to a business lists its boards. */
  boards: (query: string, subject = actingSubjectId() ?? '', advertiserId = '') => ['picker', 'boards', query, subject, advertiserId] as const,
  shortlist: (pinId: string | null, subject = actingSubjectId() ?? '') => ['picker', 'shortlist', pinId ?? '', subject] as const,
  /** Board title suggestions for the Pin being saved (the viewer's own boards are left out of them). */
  titleSuggestions: (pinId: string | null, subject = actingSubjectId() ?? '') => ['picker', 'titleSuggestions', pinId ?? '', subject] as const,
};
