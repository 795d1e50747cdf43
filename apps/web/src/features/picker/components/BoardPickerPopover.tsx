import { useRef } from 'react';
import { Dialog, Modal, ModalOverlay, Popover } from 'react-aria-components';
import { useHidePageBehind } from '../../../components/Modal/hidePageBehind';
import { TEXTS } from '../../../lib/allTexts';
import { useMediaQuery } from '../../../lib/useMediaQuery';
import styles from './BoardPicker.module.css';
import type { BoardPickerPopoverProps } from '../../boards/components/BoardPickerSlot';
import { BoardPicker } from './BoardPicker';

/**
 * The picker as a flyout beside its trigger (Escape or a click outside
 * closes it); on phones, where a 320 × 498 flyout does not fit beside
 * anything, as a sheet from the bottom of the screen.
 */
export function BoardPickerPopover({ triggerRef, isOpen, onOpenChange, placement = 'bottom', ...picker }: BoardPickerPopoverProps) {
  const phone = useMediaQuery('(max-width: 599px)');
  const label = picker.mode === 'save' ? TEXTS.save.chooseBoard : TEXTS.picker.moveHeading;
  const sheetRef = useRef<HTMLDivElement>(null);
  useHidePageBehind(phone && isOpen, sheetRef);
  if (phone) {
    return (
      <ModalOverlay ref={sheetRef} isOpen={isOpen} onOpenChange={onOpenChange} isDismissable className={styles.sheetOverlay}>
        <Modal className={styles.sheet}>
          <Dialog className={styles.dialog} aria-label={label}>
            <BoardPicker {...picker} />
          </Dialog>
        </Modal>
      </ModalOverlay>
    );
  }
  return (
    <Popover triggerRef={triggerRef} isOpen={isOpen} onOpenChange={onOpenChange} placement={placement} offset={8} className={styles.popover}>
      <Dialog className={styles.dialog} aria-label={label}>
        <BoardPicker {...picker} />
      </Dialog>
    </Popover>
  );
}
