import { Header, MenuItem, MenuSection } from 'react-aria-components';
import menuStyles from '../../../components/Menu/Menu.module.css';
import { Icon } from '../../../components/Icon/Icon';
import type { PopupProps } from '../../../components/Popup/AriaPopover';
import { MenuPopover } from '../../../components/Popup/MenuPopover';
import { TEXTS } from '../../../lib/allTexts';
import type { BoardSort } from '../boards.api';
import styles from './BoardActionsMenu.module.css';

const SORTS: readonly BoardSort[] = ['last_pinned_to', 'alphabetical', 'custom'];

/** The board orders flyout itself (loaded when first opened). */
export function BoardSortMenuPopup({ popup, sort, onChange }: PopupProps & { sort: BoardSort | undefined; onChange: (sort: BoardSort) => void }) {
  return (
    <MenuPopover
      popup={popup}
      placement="bottom end"
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
    </MenuPopover>
  );
}
