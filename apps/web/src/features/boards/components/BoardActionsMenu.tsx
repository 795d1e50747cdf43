import { useNavigate } from 'react-router';
import { useCreateBoardDialog } from '../CreateBoardContext';
import { useCreateMenu, type CreateMenuSurface } from '../CreateMenuContext';
import { iconButtonClass } from '../../../components/Button/Button';
import { Icon } from '../../../components/Icon/Icon';
import { lazyPopup } from '../../../components/Popup/lazyPopup';
import { usePopupTrigger } from '../../../components/Popup/usePopupTrigger';
import { TEXTS } from '../../../lib/texts';
import type { Board, Section } from '../boards.api';
import styles from './BoardActionsMenu.module.css';

const BoardActionsMenuPopup = lazyPopup(() => import('./BoardActionsMenuPopup'), 'BoardActionsMenuPopup');

export interface BoardActionsMenuProps {
  /** 'board': on a board or section page; 'profile': the owner's profile boards. */
  surface: 'board' | 'profile';
  board?: Board;
  section?: Section;
  /** 'compact': 40 px, beside the profile's 40 px pills. */
  size?: 'compact' | 'medium';
}

/**
 * The board-actions flyout (docs/product/profiles-and-boards.md §2): a Create group (Pin,
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

  const { triggerProps, popup } = usePopupTrigger('menu', BoardActionsMenuPopup.prefetch);
  const onAction = (key: string | number) => {
    if (key === 'pin') openCreateMenu(menuSurface);
    else if (key === 'idea') void navigate(board ? `/idea-pin-builder/?board_id=${board.id}` : '/idea-pin-builder/');
    else if (key === 'board') openCreateBoard({ source: 'profile' });
    else if (key === 'section' && board) void navigate(`/board/${board.id}/create_section/`);
  };

  return (
    <>
      <button
        {...triggerProps}
        className={`${iconButtonClass} ${styles.trigger} ${size === 'compact' ? styles.compact : ''}`}
        aria-label={TEXTS.boardPage.actions}
      >
        <Icon name="plus" size={size === 'compact' ? 20 : 24} />
      </button>
      <BoardActionsMenuPopup popup={popup} surface={surface} board={board} section={section} onAction={onAction} />
    </>
  );
}
