import type { QueryClient } from '@tanstack/react-query';
import { actingSubjectId } from '../../lib/actingProfile';
import { sessionKeys } from '../session/session.queries';
import { userKeys } from '../users/users.queries';
import type { Board, BoardSort } from './boards.api';

/*
 * The query keys of boards and of the board picker, and what to refresh
 * after a board changes: what every page needs (saving a Pin from any feed
 * refreshes them) without the board hooks, which are in boards.queries.ts.
 */

export const boardKeys = {
  all: ['boards'] as const,
  /** Every board read by its path (keys match partially). */
  allByPath: ['boards', 'path'] as const,
  byPath: (username: string, slug: string) => ['boards', 'path', username.toLowerCase(), slug] as const,
  byId: (boardId: string) => ['boards', 'id', boardId] as const,
  ofUser: (username: string, sort?: BoardSort) => ['boards', 'user', username.toLowerCase(), 'list', sort ?? 'default'] as const,
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

/** The board picker's data, refreshed whenever boards change (profiles-and-boards §4). */
export const pickerKeys = {
  all: ['picker'] as const,
  /** Per acting profile (the header's switcher): switching to a business lists its boards. */
  boards: (query: string, subject = actingSubjectId() ?? '', advertiserId = '') => ['picker', 'boards', query, subject, advertiserId] as const,
  shortlist: (pinId: string | null, subject = actingSubjectId() ?? '') => ['picker', 'shortlist', pinId ?? '', subject] as const,
  /** Board title suggestions for the Pin being saved (the viewer's own boards are left out of them). */
  titleSuggestions: (pinId: string | null, subject = actingSubjectId() ?? '') => ['picker', 'titleSuggestions', pinId ?? '', subject] as const,
};

/**
 * After a board was made, changed or removed: its lists, its owner's record,
 * the viewer (board counts) and the board picker are out of date.
 */
export async function refreshAfterBoardChange(queryClient: QueryClient, ownerUsername: string) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: boardKeys.userLists(ownerUsername) }),
    queryClient.invalidateQueries({ queryKey: boardKeys.deleted }),
    queryClient.invalidateQueries({ queryKey: userKeys.profile(ownerUsername) }),
    queryClient.invalidateQueries({ queryKey: sessionKeys.viewer }),
    queryClient.invalidateQueries({ queryKey: pickerKeys.all }),
  ]);
}

/** A board just made, changed or restored is known by its path and its id without reading it again. */
export function rememberBoard(queryClient: QueryClient, board: Board) {
  queryClient.setQueryData(boardKeys.byPath(board.owner.username, board.slug), board);
  queryClient.setQueryData(boardKeys.byId(board.id), board);
}
