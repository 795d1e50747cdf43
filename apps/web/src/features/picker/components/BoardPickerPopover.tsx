import { useRef, type RefObject } from 'react';
import { Dialog, Modal, ModalOverlay, Popover, type PopoverProps } from 'react-aria-components';
import { useHidePageBehind } from '../../../components/Modal/hidePageBehind';
import { TEXTS } from '../../../lib/allTexts';
import { useMediaQuery } from '../../../lib/useMediaQuery';
import styles from './BoardPicker.module.css';
import { BoardPicker, type BoardPickerProps } from './BoardPicker';

export interface BoardPickerPopoverProps extends BoardPickerProps {
  triggerRef: RefObject<Element | null>;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  placement?: PopoverProps['placement'];
}

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
