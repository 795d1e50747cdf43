import { useEffect, useRef } from 'react';
import { Select } from '../../../components/Field/Field';
import { TEXTS } from '../../../lib/allTexts';
import { useSections } from '../../boards/boards.queries';
import { usePickerBoards } from '../picker.queries';
import styles from './BoardSectionSelect.module.css';

export interface BoardSectionValue {
  /** '' saves to the profile without a board. */
  boardId: string;
  /** '' for no section. */
  sectionId: string;
}

export interface BoardSectionSelectProps {
  value: BoardSectionValue;
  onChange: (value: BoardSectionValue) => void;
  /** Offer "No board (save to your profile)". */
  allowNoBoard?: boolean;
  /** Start with the most recently used board when none is chosen yet (new Pins). */
  preselectRecent?: boolean;
  disabled?: boolean;
}

/**
 * Board and section for a Pin: the boards the viewer can save to (their own
 * and the ones they collaborate on), then that board's sections if it has any.
 */
export function BoardSectionSelect({ value, onChange, allowNoBoard = true, preselectRecent = false, disabled = false }: BoardSectionSelectProps) {
  const boards = usePickerBoards('');
  const list = boards.data?.all_boards ?? [];
  const board = list.find((b) => b.id === value.boardId) ?? null;
  const sections = useSections(board && board.section_count > 0 ? board.id : null);
  const sectionList = sections.data ?? [];

  // Without a board yet, start with the most recently used one (once; the person may then pick "No board").
  const preselected = useRef(false);
  useEffect(() => {
    if (preselected.current || !list[0]) return;
    preselected.current = true;
    if (value.boardId === '' && (preselectRecent || !allowNoBoard)) onChange({ boardId: list[0].id, sectionId: '' });
  }, [value.boardId, allowNoBoard, preselectRecent, list, onChange]);

  return (
    <div className={styles.boardRow}>
      <Select
        label={TEXTS.create.boardLabel}
        name="board"
        value={value.boardId}
        disabled={disabled || boards.isPending}
        onChange={(event) => {
          preselected.current = true;
          onChange({ boardId: event.target.value, sectionId: '' });
        }}
      >
        {boards.isPending && <option value={value.boardId}>{TEXTS.pinForm.loadingBoards}</option>}
        {list.map((b) => (
          <option key={b.id} value={b.id}>
            {b.name}
          </option>
        ))}
        {allowNoBoard && <option value="">{TEXTS.create.noBoard}</option>}
      </Select>
      {board && board.section_count > 0 && (
        <Select
          label={TEXTS.pinForm.sectionLabel}
          name="section"
          value={value.sectionId}
          disabled={disabled || sections.isPending}
          onChange={(event) => onChange({ boardId: value.boardId, sectionId: event.target.value })}
        >
          <option value="">{TEXTS.pinForm.noSection}</option>
          {sectionList.map((section) => (
            <option key={section.id} value={section.id}>
              {section.title}
            </option>
          ))}
        </Select>
      )}
    </div>
  );
}
