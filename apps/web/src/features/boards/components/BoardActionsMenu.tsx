import { Button as AriaButton, Header, Menu, MenuItem, MenuSection, MenuTrigger, Popover, Text, type Key } from 'react-aria-components';
import { useNavigate } from 'react-router';
import { useCreateBoardDialog } from '../../../components/AppShell/CreateBoardContext';
import { useCreateMenu, type CreateMenuSurface } from '../../../components/AppShell/CreateMenuContext';
import menuStyles from '../../../components/AppShell/Menu.module.css';
import { iconButtonClass } from '../../../components/Button/Button';
import { Icon, type IconName } from '../../../components/Icon/Icon';
import { TEXTS } from '../../../lib/texts';
import type { Board, Section } from '../boards.api';
import styles from './BoardActionsMenu.module.css';

export interface BoardActionsMenuProps {
  /** 'board': on a board or section page; 'profile': the owner's profile boards. */
  surface: 'board' | 'profile';
  board?: Board;
  section?: Section;
  /** 'compact': 40 px, beside the profile's 40 px pills. */
  size?: 'compact' | 'medium';
}

/**
 * The board-actions flyout (profiles-and-boards §2): a Create group (Pin,
 * Idea Pin, and Board on the profile surface only) and, on a board, an Add
 * group (Section). Pin opens the create menu for this surface; Idea Pin the
 * upload tool for this board; Section the create-section page.
 */
export function BoardActionsMenu({ surface, board, section, size = 'medium' }: BoardActionsMenuProps) {
  const navigate = useNavigate();
  const { openCreateMenu } = useCreateMenu();
  const { openCreateBoard } = useCreateBoardDialog();
  const menuSurface: CreateMenuSurface =
    surface === 'profile'
      ? { viewType: 'addToProfile' }
      : section && board
        ? { viewType: 'section', board, section }
        : { viewType: 'board', ...(board ? { board } : {}) };

  const onAction = (key: Key) => {
    if (key === 'pin') openCreateMenu(menuSurface);
    else if (key === 'idea') void navigate(board ? `/pin-creation-tool/?board_id=${board.id}` : '/pin-creation-tool/');
    else if (key === 'board') openCreateBoard({ source: 'profile' });
    else if (key === 'section' && board) void navigate(`/board/${board.id}/create_section/`);
  };

  return (
    <MenuTrigger>
      <AriaButton className={`${iconButtonClass} ${styles.trigger} ${size === 'compact' ? styles.compact : ''}`} aria-label={TEXTS.boardPage.actions}>
        <Icon name="plus" size={size === 'compact' ? 20 : 24} />
      </AriaButton>
      <Popover className={menuStyles.popover} placement="bottom" offset={6}>
        <Menu className={menuStyles.menu} aria-label={TEXTS.boardPage.actions} onAction={onAction}>
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
        </Menu>
      </Popover>
    </MenuTrigger>
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
