import { ListBoxItem } from 'react-aria-components';
import { Icon } from '../../../components/Icon/AllIcons';
import { TEXTS } from '../../../lib/allTexts';
import type { Board } from '../../boards/boards.api';
import styles from './BoardPicker.module.css';

export function BoardCover({ board }: { board: Board }) {
  const cover = board.cover_images?.['236x']?.url ?? board.image_cover_url;
  return (
    <span className={styles.thumb} style={{ backgroundColor: board.cover_dominant_color ?? undefined }}>
      {cover && <img src={cover} alt="" loading="lazy" />}
    </span>
  );
}

export function BoardOption({ id, board, mode }: { id: string; board: Board; mode: 'save' | 'move' }) {
  const hasSections = board.section_count > 0;
  return (
    <ListBoxItem id={id} textValue={board.name} className={styles.item}>
      <BoardCover board={board} />
      <span className={styles.itemText}>
        <span className={styles.itemName}>{board.name}</span>
        {hasSections && <span className={styles.itemMeta}>{TEXTS.picker.hasSections({ n: board.section_count })}</span>}
      </span>
      {board.privacy === 'secret' && <Icon name="lock" size={16} label={TEXTS.board.secret} className={styles.lock} />}
      {hasSections ? (
        <Icon name="chevronRight" size={18} className={styles.chevron} />
      ) : (
        <span className={styles.pickHint} aria-hidden="true">
          {mode === 'save' ? TEXTS.save.save : TEXTS.organize.move}
        </span>
      )}
    </ListBoxItem>
  );
}
