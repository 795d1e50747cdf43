import { useRef, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@pinboard/shared/constants/messages';
import { interpolate } from '@pinboard/shared/text/interpolate';
import { Button } from '../../../components/Button/Button';
import { BoardPickerPopover, ConfirmDialog } from '../../../overlays';
import { showToast } from '../../../components/Toast/toasts';
import { isApiError } from '../../../lib/api';
import * as TEXTS from '../../../lib/allTexts';
import { feedKeys, prependPinsToFeeds, removePinsFromFeeds, restoreFeeds, type FeedSnapshot } from '../../feeds/feeds.queries';
import type { Pin } from '../../../lib/pinTypes';
import type { PickTarget } from '../../boards/boards.api';
import type { Board, Section } from '../boards.api';
import { deletePins, movePins } from '../bulkPins.api';
import { boardKeys, pickerKeys } from '../boardKeys';
import { ALL_SELECTED, NOTHING_SELECTED, isSelected, selectedCount, toApiSelection, type Selection } from '../selection';
import styles from './OrganizeBar.module.css';

/** The spec's codes for "another action on this board is still running" (profiles-and-boards §8). */
const BOARD_BUSY_CODES = new Set([2171, 2172, 2173]);

/** What a failed move or delete says: the busy-board line for 2171-2173, else the server's message. */
export function bulkFailureText(error: unknown): string {
  if (isApiError(error) && BOARD_BUSY_CODES.has(error.code)) return MESSAGES.board.previousActionPending;
  if (isApiError(error) && error.message) return error.message;
  return MESSAGES.board.somethingWentWrong;
}

export interface OrganizeBarProps {
  board: Board;
  section: Section | null;
  selection: Selection;
  onSelectionChange: (selection: Selection) => void;
  onDone: () => void;
}

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

/**
 * Organize mode's toolbar: how many Pins are selected, Select all (inverse
 * selection), Move (a board picker of the viewer's boards and sections) and
 * Delete (with a confirmation). Moves are optimistic: the Pins leave this
 * feed and join the target at once, and come back if the call fails.
 */
export function OrganizeBar({ board, section, selection, onSelectionChange, onDone }: OrganizeBarProps) {
  const queryClient = useQueryClient();
  const moveRef = useRef<HTMLButtonElement>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [moving, setMoving] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const total = section ? section.pin_count : board.pin_count;
  const count = selectedCount(selection, total);
  const allSelected = selection.all && selection.excluded.size === 0;
  const here = { boardId: board.id, sectionId: section?.id ?? null };
  /** Whether a cached Pin is one of those the action applies to. */
  const inScope = (chosen: Selection) => (pin: Pin) => isSelected(chosen, pin.id) && (!section || pin.section_id === section.id);

  const move = (target: PickTarget) => {
    if (target.kind !== 'board' || moving) return;
    const chosen = selection;
    const to = { board: target.board, section: target.section };
    const sameBoard = to.board.id === board.id;
    setPickerOpen(false);
    setMoving(true);

    // The Pins leave at once: the whole board's feeds when they go to another
    // board, the section's feed when they stay on this board.
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
    onSelectionChange(NOTHING_SELECTED);

    movePins<Board>({
      board_id: board.id,
      new_board_id: to.board.id,
      old_section_id: section?.id,
      new_section_id: to.section?.id,
      selection: toApiSelection(chosen),
    })
      .then(async (result) => {
        showToast(interpolate(MESSAGES.board.movedTo, { boardName: result.board?.name ?? to.board.name }));
        setMoving(false);
        onDone();
        await refreshBoards(queryClient, [board.id, to.board.id], [board.owner.username, to.board.owner.username]);
      })
      .catch((error: unknown) => {
        // Put everything back as it was, then say why.
        restoreFeeds(queryClient, [...joined, ...snapshot]);
        onSelectionChange(chosen);
        setMoving(false);
        showToast(bulkFailureText(error), { tone: 'error' });
      });
  };

  const confirmDelete = () => {
    const chosen = selection;
    setDeleting(true);
    setDeleteError(null);
    deletePins({ board_id: board.id, old_section_id: section?.id, selection: toApiSelection(chosen) })
      .then(async (result) => {
        removePinsFromFeeds(queryClient, feedKeys.ofBoard(board.id), (pin) => result.deleted_pin_ids.includes(pin.id));
        setDeleting(false);
        setConfirmOpen(false);
        showToast(TEXTS.organize.deleted(result.deleted_count));
        onSelectionChange(NOTHING_SELECTED);
        onDone();
        await refreshBoards(queryClient, [board.id], [board.owner.username]);
      })
      .catch((error: unknown) => {
        setDeleting(false);
        setDeleteError(bulkFailureText(error));
      });
  };

  return (
    <div className={styles.bar} role="toolbar" aria-label={TEXTS.organize.toolbar}>
      <p className={styles.count} aria-live="polite">
        {count > 0 ? TEXTS.organize.selected(count) : TEXTS.organize.selectHint}
      </p>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          onPress={() => onSelectionChange(allSelected ? NOTHING_SELECTED : ALL_SELECTED)}
          isDisabled={moving || total === 0}
        >
          {allSelected ? TEXTS.organize.deselectAll : TEXTS.organize.selectAll}
        </Button>
        <Button ref={moveRef} variant="dark" onPress={() => setPickerOpen(true)} isDisabled={count === 0 || moving} aria-expanded={pickerOpen}>
          {moving ? TEXTS.organize.moving : TEXTS.organize.move}
        </Button>
        <Button
          variant="secondary"
          onPress={() => {
            setDeleteError(null);
            setConfirmOpen(true);
          }}
          isDisabled={count === 0 || moving}
        >
          {TEXTS.organize.delete}
        </Button>
        <Button variant="primary" onPress={onDone} isDisabled={moving}>
          {TEXTS.organize.done}
        </Button>
      </div>
      <BoardPickerPopover
        triggerRef={moveRef}
        isOpen={pickerOpen}
        onOpenChange={setPickerOpen}
        placement="bottom"
        mode="move"
        createSource="organize_pins"
        isTargetDisabled={(b, s) => b.id === here.boardId && (s?.id ?? null) === here.sectionId}
        onPick={move}
      />
      <ConfirmDialog
        isOpen={confirmOpen}
        onOpenChange={setConfirmOpen}
        title={TEXTS.organize.deleteTitle(count)}
        confirmLabel={TEXTS.organize.deleteConfirm}
        busyLabel={TEXTS.organize.deleting}
        cancelLabel={TEXTS.organize.cancel}
        busy={deleting}
        error={deleteError}
        onConfirm={confirmDelete}
      >
        {TEXTS.organize.deleteBody}
      </ConfirmDialog>
    </div>
  );
}
