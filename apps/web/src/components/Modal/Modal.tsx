import { useRef, type ReactNode } from 'react';
import { Dialog, Heading, Modal as AriaModal, ModalOverlay } from 'react-aria-components';
import { TEXTS } from '../../lib/allTexts';
import { IconButton } from '../Button/Button';
import { Icon } from '../Icon/AllIcons';
import { useHidePageBehind } from './hidePageBehind';
import styles from './Modal.module.css';

export interface ModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  closeLabel?: string;
  /** False while something is in flight that closing would lose. */
  isDismissable?: boolean;
  /** Extra class of the sheet (a wider layout, say). */
  className?: string;
  children: ReactNode | ((close: () => void) => ReactNode);
}

/**
 * A centred sheet (sliding up from the bottom on narrow screens) over a 50%
 * black mask. react-aria traps focus, closes on Escape and restores focus;
 * the page behind is hidden from assistive technology while it is open.
 */
export function Modal({ isOpen, onOpenChange, title, closeLabel = TEXTS.board.close, isDismissable = true, className, children }: ModalProps) {
  const overlayRef = useRef<HTMLDivElement>(null);
  useHidePageBehind(isOpen, overlayRef);
  return (
    <ModalOverlay
      ref={overlayRef}
      className={styles.overlay}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={!isDismissable}
    >
      <AriaModal className={className ? `${styles.modal} ${className}` : styles.modal}>
        <Dialog className={styles.dialog}>
          {({ close }) => (
            <>
              <div className={styles.header}>
                <Heading slot="title" className={styles.title}>
                  {title}
                </Heading>
                <IconButton label={closeLabel} className={styles.close} onPress={close} isDisabled={!isDismissable}>
                  <Icon name="close" size={18} />
                </IconButton>
              </div>
              {typeof children === 'function' ? children(close) : children}
            </>
          )}
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}
