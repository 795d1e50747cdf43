import { MESSAGES } from '../../../lib/messages';
import { iconButtonClass } from '../../../components/Button/Button';
import { Icon } from '../../../components/Icon/Icon';
import { lazyPopup } from '../../../components/Popup/lazyPopup';
import { usePopupTrigger } from '../../../components/Popup/usePopupTrigger';
import type { ProfileOption } from '../profileOptions';
import styles from './ProfileOptionsMenu.module.css';

const ProfileOptionsMenuPopup = lazyPopup(() => import('./ProfileOptionsMenuPopup'), 'ProfileOptionsMenuPopup');

export interface ProfileOptionsMenuProps {
  options: readonly ProfileOption[];
  onAction: (option: ProfileOption) => void;
}

/** The overflow menu titled 'Profile options'. */
export function ProfileOptionsMenu({ options, onAction }: ProfileOptionsMenuProps) {
  const { triggerProps, popup } = usePopupTrigger('menu', ProfileOptionsMenuPopup.prefetch);
  if (options.length === 0) return null;
  return (
    <>
      <button {...triggerProps} className={`${iconButtonClass} ${styles.trigger}`} aria-label={MESSAGES.profile.options}>
        <Icon name="more" size={22} />
      </button>
      <ProfileOptionsMenuPopup popup={popup} options={options} onAction={onAction} />
    </>
  );
}
