import { Menu, type MenuProps } from 'react-aria-components';
import menuStyles from '../Menu/Menu.module.css';
import { AnchoredPopover, menuPropsOf, type PopupProps } from './AriaPopover';

type Placement = Parameters<typeof AnchoredPopover>[0]['placement'];

/** A react-aria Menu in an AnchoredPopover, in the shared menu look: what the lazily loaded menu flyouts are. */
export function MenuPopover<T extends object>({
  popup,
  placement,
  offset = 6,
  ...menu
}: PopupProps & { placement?: Placement; offset?: number } & Omit<MenuProps<T>, 'id' | 'autoFocus' | 'onClose' | 'className'>) {
  return (
    <AnchoredPopover popup={popup} kind="menu" className={menuStyles.popover} placement={placement} offset={offset}>
      <Menu {...menuPropsOf(popup)} className={menuStyles.menu} {...menu} />
    </AnchoredPopover>
  );
}
