import { Button as AriaButton, Header, Menu, MenuItem, MenuSection, MenuTrigger, Popover } from 'react-aria-components';
import menuStyles from '../../../components/Menu/Menu.module.css';
import { iconButtonClass } from '../../../components/Button/Button';
import { Icon } from '../../../components/Icon/Icon';
import { TEXTS } from '../../../lib/allTexts';
import type { Density } from '../../users/metadata.api';
import styles from './BoardActionsMenu.module.css';

/** Pin density of the board page: regular or dense (docs/product/profiles-and-boards.md §4); the choice is stored as a user preference. */
export function DensityMenu({ density, onChange }: { density: Density; onChange: (density: Density) => void }) {
  return (
    <MenuTrigger>
      <AriaButton className={`${iconButtonClass} ${styles.trigger}`} aria-label={TEXTS.boardPage.viewOptions}>
        <Icon name={density === 'dense' ? 'dense' : 'regular'} size={20} />
      </AriaButton>
      <Popover className={menuStyles.popover} placement="bottom" offset={6}>
        <Menu
          className={menuStyles.menu}
          aria-label={TEXTS.boardPage.viewOptions}
          selectionMode="single"
          disallowEmptySelection
          selectedKeys={[density]}
          onSelectionChange={(keys) => {
            const [key] = [...(keys === 'all' ? [] : keys)];
            if (key === 'regular' || key === 'dense') onChange(key);
          }}
        >
          <MenuSection>
            <Header className={menuStyles.sectionHeader}>{TEXTS.boardPage.density}</Header>
            <MenuItem id="regular" textValue={TEXTS.boardPage.regular} className={menuStyles.item}>
              {({ isSelected }) => (
                <>
                  <span className={menuStyles.itemIcon} aria-hidden="true">
                    <Icon name="regular" size={20} />
                  </span>
                  <span className={styles.label}>{TEXTS.boardPage.regular}</span>
                  {isSelected && <Icon name="check" size={18} />}
                </>
              )}
            </MenuItem>
            <MenuItem id="dense" textValue={TEXTS.boardPage.dense} className={menuStyles.item}>
              {({ isSelected }) => (
                <>
                  <span className={menuStyles.itemIcon} aria-hidden="true">
                    <Icon name="dense" size={20} />
                  </span>
                  <span className={styles.label}>{TEXTS.boardPage.dense}</span>
                  {isSelected && <Icon name="check" size={18} />}
                </>
              )}
            </MenuItem>
          </MenuSection>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
