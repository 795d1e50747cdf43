import { useState } from 'react';
import { Button as AriaButton, ListBox, ListBoxItem } from 'react-aria-components';
import { Button, IconButton } from '../../../components/Button/Button';
import { Icon } from '../../../components/Icon/AllIcons';
import { Spinner } from '../../../components/Spinner/Spinner';
import { isApiError } from '../../../lib/api';
import { TEXTS } from '../../../lib/allTexts';
import type { Board, Section } from '../../boards/boards.api';
import { useRepinSections } from '../../boards/boards.queries';
import styles from './BoardPicker.module.css';
import { CreateSectionForm } from '../../boards/components/CreateSectionForm';
import type { BoardPickerProps } from '../../boards/components/BoardPickerSlot';
import { BoardCover } from './BoardOption';

export function SectionsPanel({
  board,
  mode,
  isTargetDisabled,
  onBack,
  onPick,
}: {
  board: Board;
  mode: 'save' | 'move';
  isTargetDisabled: BoardPickerProps['isTargetDisabled'];
  onBack: () => void;
  onPick: (section: Section | null) => void;
}) {
  const sections = useRepinSections(board.id);
  const [creating, setCreating] = useState(false);
  const list = sections.data ?? [];
  const byId = new Map(list.map((section) => [section.id, section]));
  const disabledKeys = [
    ...(isTargetDisabled?.(board, null) ? ['board'] : []),
    ...list.filter((section) => isTargetDisabled?.(board, section)).map((section) => section.id),
  ];

  return (
    <div className={styles.sectionsPanel}>
      <div className={styles.detailHeader}>
        <IconButton label={TEXTS.picker.back} onPress={onBack}>
          <Icon name="chevronLeft" size={20} />
        </IconButton>
        {/* Picking the board again closes its sections. */}
        <AriaButton className={styles.openBoard} aria-expanded="true" aria-label={TEXTS.picker.closeSections({ board: board.name })} onPress={onBack}>
          <BoardCover board={board} />
          <h3 className={styles.detailTitle}>{board.name}</h3>
          <Icon name="chevronDown" size={18} className={styles.chevronOpen} />
        </AriaButton>
      </div>
      <div className={styles.list}>
        {sections.isPending ? (
          <Spinner />
        ) : sections.isError ? (
          <p className={styles.note} role="alert">
            {isApiError(sections.error) && sections.error.message ? sections.error.message : TEXTS.picker.loadFailed}
          </p>
        ) : (
          <ListBox
            aria-label={TEXTS.picker.sectionsLabel({ board: board.name })}
            className={styles.listBox}
            autoFocus="first"
            disabledKeys={disabledKeys}
            onAction={(key) => onPick(key === 'board' ? null : (byId.get(String(key)) ?? null))}
          >
            <ListBoxItem id="board" textValue={`${board.name}, ${TEXTS.picker.boardItself}`} className={styles.item}>
              <span className={styles.thumb} aria-hidden="true">
                <Icon name="board" size={20} />
              </span>
              <span className={styles.itemText}>
                <span className={styles.itemName}>{board.name}</span>
                <span className={styles.itemMeta}>{TEXTS.picker.boardItself}</span>
              </span>
              <span className={styles.pickHint} aria-hidden="true">
                {mode === 'save' ? TEXTS.save.save : TEXTS.organize.move}
              </span>
            </ListBoxItem>
            {list.map((section) => (
              <ListBoxItem key={section.id} id={section.id} textValue={section.title} className={styles.item}>
                <span className={styles.thumb}>{section.preview_pins[0] && <img src={section.preview_pins[0].image_square_url} alt="" />}</span>
                <span className={styles.itemText}>
                  <span className={styles.itemName}>{section.title}</span>
                </span>
                <span className={styles.pickHint} aria-hidden="true">
                  {mode === 'save' ? TEXTS.save.save : TEXTS.organize.move}
                </span>
              </ListBoxItem>
            ))}
          </ListBox>
        )}
      </div>
      <div className={styles.footer}>
        {creating ? (
          <CreateSectionForm boardId={board.id} ownerId={board.owner.id} onCancel={() => setCreating(false)} onCreated={(section) => onPick(section)} />
        ) : (
          <Button variant="secondary" fullWidth onPress={() => setCreating(true)}>
            <Icon name="plus" size={18} />
            {TEXTS.picker.createSection}
          </Button>
        )}
      </div>
    </div>
  );
}

/** A section name (required, at most the section title limit), then the section is made. */
