import { Header, MenuItem, MenuSection, Text, type Key } from 'react-aria-components';
import menuStyles from '../../../components/Menu/Menu.module.css';
import { Icon, type IconName } from '../../../components/Icon/AllIcons';
import type { PopupProps } from '../../../components/Popup/AriaPopover';
import { MenuPopover } from '../../../components/Popup/MenuPopover';
import { TEXTS } from '../../../lib/allTexts';
import type { Board, Section } from '../boards.api';

/** The board-actions flyout itself (loaded when first opened). */
export function BoardActionsMenuPopup({
  popup,
  surface,
  board,
  section,
  onAction,
}: PopupProps & { surface: 'board' | 'profile'; board: Board | undefined; section: Section | undefined; onAction: (key: Key) => void }) {
  return (
    <MenuPopover popup={popup} aria-label={TEXTS.boardPage.actions} onAction={onAction}>
      <MenuSection>
        <Header className={menuStyles.sectionHeader}>{TEXTS.boardPage.createGroup}</Header>
        <Item id="pin" icon="image" label={TEXTS.boardPage.pin} />
        <Item id="idea" icon="upload" label={TEXTS.boardPage.ideaPin} />
        {surface === 'profile' && <Item id="board" icon="board" label={TEXTS.boardPage.board} />}
      </MenuSection>
      {surface === 'board' && board && !section && (
        <MenuSection>
          <Header className={menuStyles.sectionHeader}>{TEXTS.boardPage.addGroup}</Header>
          <Item id="section" icon="section" label={TEXTS.boardPage.section} />
        </MenuSection>
      )}
    </MenuPopover>
  );
}

function Item({ id, icon, label }: { id: string; icon: IconName; label: string }) {
  return (
    <MenuItem id={id} textValue={label} className={menuStyles.item}>
      <span className={menuStyles.itemIcon} aria-hidden="true">
        <Icon name={icon} size={20} />
      </span>
      <Text slot="label">{label}</Text>
    </MenuItem>
  );
}
