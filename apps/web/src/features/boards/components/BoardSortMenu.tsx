import { iconButtonClass } from '../../../components/Button/Button';
import { Icon } from '../../../components/Icon/Icon';
import { lazyPopup } from '../../../components/Popup/lazyPopup';
import { usePopupTrigger } from '../../../components/Popup/usePopupTrigger';
import { TEXTS } from '../../../lib/texts';
import { useMetadata, useUpdateMetadata } from '../../users/metadata.queries';
import type { BoardSort } from '../boards.api';
import styles from './BoardActionsMenu.module.css';

/**
 * The owner's sort order for their boards (docs/product/profiles-and-boards.md §4): the order
 * they chose, else their most recent saved one; visitors always see
 * last_pinned_to, so they get no choice (and no sort is sent for them).
 */
export function useOwnerBoardSort(isOwner: boolean): [BoardSort | undefined, (sort: BoardSort) => void] {
  const metadata = useMetadata();
  const update = useUpdateMetadata();
  if (!isOwner) return [undefined, () => undefined];
  return [metadata.data?.most_recent_board_sort_order, (sort) => update.mutate({ most_recent_board_sort_order: sort })];
}

const BoardSortMenuPopup = lazyPopup(() => import('./BoardSortMenuPopup'), 'BoardSortMenuPopup');

/** A flyout with the three board orders; the choice is stored as the viewer's most recent board sort order. */
export function BoardSortMenu({
  sort,
  onChange,
  size = 'medium',
}: {
  sort: BoardSort | undefined;
  onChange: (sort: BoardSort) => void;
  size?: 'small' | 'medium';
}) {
  const { triggerProps, popup } = usePopupTrigger('menu', BoardSortMenuPopup.prefetch);
  return (
    <>
      <button {...triggerProps} className={`${iconButtonClass} ${styles.trigger} ${size === 'small' ? styles.small : ''}`} aria-label={TEXTS.boardSort.label}>
        <Icon name="sort" size={size === 'small' ? 18 : 20} />
      </button>
      <BoardSortMenuPopup popup={popup} sort={sort} onChange={onChange} />
    </>
  );
}
