import { Button as AriaButton, Header, Menu, MenuItem, MenuSection, MenuTrigger, Popover } from 'react-aria-components';
import menuStyles from '../../../components/AppShell/Menu.module.css';
import { iconButtonClass } from '../../../components/Button/Button';
import { Icon } from '../../../components/Icon/Icon';
import { TEXTS } from '../../../lib/texts';
import { useMetadata, useUpdateMetadata } from '../../users/metadata.queries';
import type { BoardSort } from '../boards.api';
import styles from './BoardActionsMenu.module.css';

const SORTS: readonly BoardSort[] = ['last_pinned_to', 'alphabetical', 'custom'];

/**
 * The owner's sort order for their boards (profiles-and-boards §4): the order
 * they chose, else their most recent saved one; visitors always see
 * last_pinned_to, so they get no choice (and no sort is sent for them).
 */
export function useOwnerBoardSort(isOwner: boolean): [BoardSort | undefined, (sort: BoardSort) => void] {
  const metadata = useMetadata();
  const update = useUpdateMetadata();
  if (!isOwner) return [undefined, () => undefined];
  return [metadata.data?.most_recent_board_sort_order, (sort) => update.mutate({ most_recent_board_sort_order: sort })];
}

/** A flyout with the three board orders; the choice is stored as the viewer's most recent board sort order. */
export function BoardSortMenu({ sort, onChange, size = 'medium' }: { sort: BoardSort | undefined; onChange: (sort: BoardSort) => void; size?: 'small' | 'medium' }) {
  return (
    <MenuTrigger>
      <AriaButton className={`${iconButtonClass} ${styles.trigger} ${size === 'small' ? styles.small : ''}`} aria-label={TEXTS.boardSort.label}>
        <Icon name="sort" size={size === 'small' ? 18 : 20} />
      </AriaButton>
      <Popover className={menuStyles.popover} placement="bottom end" offset={6}>
        <Menu
          className={menuStyles.menu}
          aria-label={TEXTS.boardSort.label}
          selectionMode="single"
          selectedKeys={sort ? [sort] : []}
          onSelectionChange={(keys) => {
            const [key] = [...(keys === 'all' ? [] : keys)];
            const chosen = SORTS.find((option) => option === key);
            if (chosen) onChange(chosen);
          }}
        >
          <MenuSection>
            <Header className={menuStyles.sectionHeader}>{TEXTS.boardSort.label}</Header>
            {SORTS.map((option) => (
              <MenuItem key={option} id={option} textValue={TEXTS.boardSort[option]} className={menuStyles.item}>
                {({ isSelected }) => (
                  <>
                    <span className={styles.label}>{TEXTS.boardSort[option]}</span>
                    {isSelected && <Icon name="check" size={18} />}
                  </>
                )}
              </MenuItem>
            ))}
          </MenuSection>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
