import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { feedKeys, prependPinsToFeeds, removePinsFromFeeds, restoreFeeds, type FeedSnapshot } from '../../lib/feedCache';
import type { Pin } from '../../lib/answers';
import type { Board, Section } from './boards.api';
import { boardKeys, pickerKeys } from './boardKeys';
import { deletePins, movePins } from './bulkPins.api';
import { isSelected, toApiSelection, type Selection } from './selection';

/** After a move or delete: counts, covers, sections and feeds of both boards, and the picker. */
async function refreshBoards(queryClient: QueryClient, boardIds: readonly string[], ownerUsernames: readonly string[]) {
  await Promise.all([
    ...boardIds.flatMap((id) => [
      queryClient.invalidateQueries({ queryKey: feedKeys.ofBoard(id) }),
      queryClient.invalidateQueries({ queryKey: boardKeys.sections(id) }),
      queryClient.invalidateQueries({ queryKey: boardKeys.repinSections(id) }),
      queryClient.invalidateQueries({ queryKey: boardKeys.byId(id) }),
    ]),
    ...ownerUsernames.map((username) => queryClient.invalidateQueries({ queryKey: boardKeys.userLists(username) })),
    queryClient.invalidateQueries({ queryKey: boardKeys.allByPath }),
    queryClient.invalidateQueries({ queryKey: boardKeys.allSections }),
    queryClient.invalidateQueries({ queryKey: pickerKeys.all }),
  ]);
}

export interface MoveSelectedPins {
  /** The selection when Move was picked. */
  chosen: Selection;
  to: { board: Board; section: Section | null };
}

/**
 * Organize mode's Move, optimistic: the Pins leave this feed (the whole
 * board's feeds when they go to another board, the section's feed when they
 * stay on this board) and join the target's at once, and come back if the
 * call fails. Afterwards both boards are refreshed.
 */
export function useMoveSelectedPins(board: Board, section: Section | null) {
  const queryClient = useQueryClient();
  /** Whether a cached Pin is one of those the move applies to. */
  const inScope = (chosen: Selection) => (pin: Pin) => isSelected(chosen, pin.id) && (!section || pin.section_id === section.id);
  return useMutation({
    mutationFn: ({ chosen, to }: MoveSelectedPins) =>
      movePins({
        board_id: board.id,
        new_board_id: to.board.id,
        old_section_id: section?.id,
        new_section_id: to.section?.id,
        selection: toApiSelection(chosen),
      }),
    onMutate: ({ chosen, to }) => {
      const sameBoard = to.board.id === board.id;
      let snapshot: FeedSnapshot = [];
      let removed: Pin[] = [];
      if (!sameBoard || section) {
        const leaving = sameBoard && section ? feedKeys.feed({ kind: 'section', boardId: board.id, sectionId: section.id }) : feedKeys.ofBoard(board.id);
        ({ snapshot, removed } = removePinsFromFeeds(queryClient, leaving, inScope(chosen)));
      }
      const arriving = removed.map((pin) => ({
        ...pin,
        board: { id: to.board.id, name: to.board.name, url: to.board.url, privacy: to.board.privacy },
        section_id: to.section?.id ?? null,
      }));
      const joined = [
        ...(sameBoard ? [] : prependPinsToFeeds(queryClient, feedKeys.feed({ kind: 'board', boardId: to.board.id }), arriving)),
        ...(to.section ? prependPinsToFeeds(queryClient, feedKeys.feed({ kind: 'section', boardId: to.board.id, sectionId: to.section.id }), arriving) : []),
      ];
      return { restore: [...joined, ...snapshot] };
    },
    // Put everything back as it was.
    onError: (_error, _variables, context) => restoreFeeds(queryClient, context?.restore ?? []),
    onSuccess: (_result, { to }) => {
      void refreshBoards(queryClient, [board.id, to.board.id], [board.owner.username, to.board.owner.username]);
    },
  });
}

/** Organize mode's Delete: the deleted Pins leave the board's cached feeds, then the board is refreshed. */
export function useDeleteSelectedPins(board: Board, section: Section | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (chosen: Selection) => deletePins({ board_id: board.id, old_section_id: section?.id, selection: toApiSelection(chosen) }),
    onSuccess: (result) => {
      removePinsFromFeeds(queryClient, feedKeys.ofBoard(board.id), (pin) => result.deleted_pin_ids.includes(pin.id));
      void refreshBoards(queryClient, [board.id], [board.owner.username]);
    },
  });
}
