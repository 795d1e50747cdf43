import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { MESSAGES } from '@pinboard/shared/constants/messages';
import { iconButtonClass } from '../../../components/Button/Button';
import { Icon } from '../../../components/Icon/Icon';
import menuStyles from '../../../components/AppShell/Menu.module.css';
import type { ProfileOption } from '../../profile/profileRules';
import styles from './ProfileOptionsMenu.module.css';

const LABELS: Record<ProfileOption, string> = {
  message: MESSAGES.profile.message,
  block: MESSAGES.profile.block,
  unblock: MESSAGES.block.unblock,
  report: MESSAGES.profile.report,
  reportEu: MESSAGES.profile.reportEuLaw,
  reportIndia: MESSAGES.profile.reportIndianLaw,
};

export interface ProfileOptionsMenuProps {
  options: readonly ProfileOption[];
  onAction: (option: ProfileOption) => void;
}

/** The overflow menu titled 'Profile options'. */
export function ProfileOptionsMenu({ options, onAction }: ProfileOptionsMenuProps) {
  if (options.length === 0) return null;
  return (
    <MenuTrigger>
      <AriaButton className={`${iconButtonClass} ${styles.trigger}`} aria-label={MESSAGES.profile.options}>
        <Icon name="more" size={22} />
      </AriaButton>
      <Popover className={menuStyles.popover} placement="bottom" offset={6}>
        <Menu className={menuStyles.menu} aria-label={MESSAGES.profile.options} onAction={(key) => onAction(key as ProfileOption)}>
          {options.map((option) => (
            <MenuItem key={option} id={option} className={menuStyles.item} textValue={LABELS[option]}>
              {LABELS[option]}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
