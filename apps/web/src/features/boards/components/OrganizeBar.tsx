import { useRef, useState } from 'react';
import { MESSAGES } from '../../../lib/messages';
import { interpolate } from '@pinboard/shared/text/interpolate';
import { Button } from '../../../components/Button/Button';
import { ConfirmDialog } from '../../../overlays';
import { showToast } from '../../../components/Toast/toasts';
import { isApiError } from '../../../lib/api';
import { TEXTS } from '../../../lib/allTexts';
import type { PickTarget } from '../../boards/boards.api';
import type { Board, Section } from '../boards.api';
import { useDeleteSelectedPins, useMoveSelectedPins } from '../bulkPins.queries';
import { ALL_SELECTED, NOTHING_SELECTED, selectedCount, type Selection } from '../selection';
import styles from './OrganizeBar.module.css';
import { BoardPickerSlot } from './BoardPickerSlot';

/** The spec's codes for "another action on this board is still running" (docs/product/profiles-and-boards.md §8). */
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

/**
 * Organize mode's toolbar: how many Pins are selected, Select all (inverse
 * selection), Move (a board picker of the viewer's boards and sections) and
 * Delete (with a confirmation). Moves are optimistic: the Pins leave this
 * feed and join the target at once, and come back if the call fails.
 */
export function OrganizeBar({ board, section, selection, onSelectionChange, onDone }: OrganizeBarProps) {
  const moveSelected = useMoveSelectedPins(board, section);
  const deleteSelected = useDeleteSelectedPins(board, section);
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

  const move = (target: PickTarget) => {
    if (target.kind !== 'board' || moving) return;
    const chosen = selection;
    const to = { board: target.board, section: target.section };
    setPickerOpen(false);
    setMoving(true);
    const moved = moveSelected.mutateAsync({ chosen, to });
    onSelectionChange(NOTHING_SELECTED);
    moved
      .then((result) => {
        const boardName = result.board?.name ?? to.board.name;
        // Pins moved into a section: the toast names the section, and its board.
        showToast(
          to.section ? TEXTS.boardPage.movedToSection({ section: to.section.title, board: boardName }) : interpolate(MESSAGES.board.movedTo, { boardName }),
        );
        setMoving(false);
        onDone();
      })
      .catch((error: unknown) => {
        // The feeds are back as they were (useMoveSelectedPins); say why.
        onSelectionChange(chosen);
        setMoving(false);
        showToast(bulkFailureText(error), { tone: 'error' });
      });
  };

  const confirmDelete = () => {
    const chosen = selection;
    setDeleting(true);
    setDeleteError(null);
    deleteSelected
      .mutateAsync(chosen)
      .then((result) => {
        setDeleting(false);
        setConfirmOpen(false);
        showToast(TEXTS.organize.deleted({ n: result.deleted_count }));
        onSelectionChange(NOTHING_SELECTED);
        onDone();
      })
      .catch((error: unknown) => {
        setDeleting(false);
        setDeleteError(bulkFailureText(error));
      });
  };

  return (
    <div className={styles.bar} role="toolbar" aria-label={TEXTS.organize.toolbar}>
      <p className={styles.count} aria-live="polite">
        {count > 0 ? TEXTS.organize.selected({ n: count }) : TEXTS.organize.selectHint}
      </p>
      <div className={styles.actions}>
        <Button variant="secondary" onPress={() => onSelectionChange(allSelected ? NOTHING_SELECTED : ALL_SELECTED)} isDisabled={moving || total === 0}>
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
      <BoardPickerSlot
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
        title={TEXTS.organize.deleteTitle({ n: count })}
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
