import { useId } from 'react';
import { Menu, MenuItem } from 'react-aria-components';
import { MESSAGES } from '../../../lib/messages';
import menuStyles from '../../../components/Menu/Menu.module.css';
import { AnchoredPopover, menuPropsOf, type PopupProps } from '../../../components/Popup/AriaPopover';
import type { ProfileOption } from '../profileOptions';

const LABELS: Record<ProfileOption, string> = {
  message: MESSAGES.profile.message,
  block: MESSAGES.profile.block,
  unblock: MESSAGES.block.unblock,
  report: MESSAGES.profile.report,
  reportEu: MESSAGES.profile.reportEuLaw,
  reportIndia: MESSAGES.profile.reportIndianLaw,
};

/** The menu titled 'Profile options' (docs/product/profiles-and-boards.md §2): its title is on screen and names it. Loaded when first opened. */
export function ProfileOptionsMenuPopup({
  popup,
  options,
  onAction,
}: PopupProps & { options: readonly ProfileOption[]; onAction: (option: ProfileOption) => void }) {
  const titleId = useId();
  return (
    <AnchoredPopover popup={popup} kind="menu" className={menuStyles.popover} placement="bottom" offset={6}>
      <h2 id={titleId} className={menuStyles.title}>
        {MESSAGES.profile.options}
      </h2>
      <Menu {...menuPropsOf(popup)} className={menuStyles.menu} aria-labelledby={titleId} onAction={(key) => onAction(key as ProfileOption)}>
        {options.map((option) => (
          <MenuItem key={option} id={option} className={menuStyles.item} textValue={LABELS[option]}>
            {LABELS[option]}
          </MenuItem>
        ))}
      </Menu>
    </AnchoredPopover>
  );
}
