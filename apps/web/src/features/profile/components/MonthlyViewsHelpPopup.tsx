import { Dialog } from 'react-aria-components';
import { AnchoredPopover, type PopupProps } from '../../../components/Popup/AriaPopover';
import { TEXTS } from '../../../lib/allTexts';
import styles from './ProfileHeader.module.css';

/** What monthly views count (loaded when first opened). */
export function MonthlyViewsHelpPopup({ popup }: PopupProps) {
  return (
    <AnchoredPopover popup={popup} kind="dialog" className={styles.helpFlyout} placement="bottom" offset={6}>
      <Dialog id={popup.popupId} className={styles.helpDialog} aria-label={TEXTS.profilePage.monthlyViewsHelpLabel}>
        {TEXTS.profilePage.monthlyViewsHelp}
      </Dialog>
    </AnchoredPopover>
  );
}
