import { MenuItem } from 'react-aria-components';
import menuStyles from '../../../components/Menu/Menu.module.css';
import type { PopupProps } from '../../../components/Popup/AriaPopover';
import { MenuPopover } from '../../../components/Popup/MenuPopover';
import { TEXTS } from '../../../lib/allTexts';

/** A Pin's overflow menu (loaded when first opened): Hide Pin, and on the closeup Download image and Report Pin. */
export function PinMoreMenuPopup({
  popup,
  onHide,
  onDownload,
  onReport,
}: PopupProps & { onHide?: (() => void) | undefined; onDownload?: (() => void) | undefined; onReport?: (() => void) | undefined }) {
  return (
    <MenuPopover
      popup={popup}
      aria-label={TEXTS.pin.more}
      onAction={(key) => {
        if (key === 'hide') onHide?.();
        if (key === 'download') onDownload?.();
        if (key === 'report') onReport?.();
      }}
    >
      {onHide && (
        <MenuItem id="hide" className={menuStyles.item} textValue={TEXTS.pin.hide}>
          {TEXTS.pin.hide}
        </MenuItem>
      )}
      {onDownload && (
        <MenuItem id="download" className={menuStyles.item} textValue={TEXTS.pin.download}>
          {TEXTS.pin.download}
        </MenuItem>
      )}
      {onReport && (
        <MenuItem id="report" className={menuStyles.item} textValue={TEXTS.pin.report}>
          {TEXTS.pin.report}
        </MenuItem>
      )}
    </MenuPopover>
  );
}
