import { useState, type ReactNode } from 'react';
import { MESSAGES } from '../../../lib/messages';
import { UNBLOCK_TOAST_MS } from '@pinboard/shared/constants/limits';
import { interpolate } from '@pinboard/shared/text/interpolate';
import { ConfirmActions } from '../../../components/ConfirmDialog/ConfirmDialog';
import { FormError } from '../../../components/Field/Field';
import { Modal } from '../../../components/Modal/Modal';
import { showToast } from '../../../components/Toast/toasts';
import { isApiError } from '../../../lib/api';
import { TEXTS } from '../../../lib/allTexts';
import { useBlockUser, useUnblockUser, type FollowTarget } from '../social.queries';
import styles from './SocialDialogs.module.css';

export interface BlockDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  target: FollowTarget & { name: string };
  onDone?: () => void;
}

function errorText(error: unknown): string {
  return isApiError(error) && error.message ? error.fullMessage : TEXTS.genericError;
}

/** Block asks first (a dialog with 'Never mind'), then toasts "You've blocked {name}". */
export function BlockDialog({ isOpen, onOpenChange, target, onDone }: BlockDialogProps) {
  const block = useBlockUser();
  const confirm = () =>
    block.mutate(target, {
      onSuccess: () => {
        onOpenChange(false);
        showToast(interpolate(MESSAGES.block.blocked, { name: target.name }));
        onDone?.();
      },
    });

  return (
    <BlockModal
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      onClosed={() => block.reset()}
      title={TEXTS.social.blockTitle({ name: target.name })}
      mutation={block}
      confirmLabel={TEXTS.social.blockConfirm}
      busyLabel={TEXTS.social.blocking}
      onConfirm={confirm}
    >
      <p className={styles.text}>{TEXTS.social.blockBody}</p>
    </BlockModal>
  );
}

/**
 * 'Unblock {name}?' with the spec's body, Learn more, 'Never mind' and
 * 'Unblock'; busy while the block is deleted, then 'You unblocked {name}' for
 * 3000 ms and the confirm callback.
 */
export function UnblockDialog({ isOpen, onOpenChange, target, onDone }: BlockDialogProps) {
  const unblock = useUnblockUser();
  const [learnMore, setLearnMore] = useState(false);
  const confirm = () =>
    unblock.mutate(target, {
      onSuccess: () => {
        onOpenChange(false);
        showToast(interpolate(MESSAGES.block.unblocked, { name: target.name }), { timeout: UNBLOCK_TOAST_MS });
        onDone?.();
      },
    });

  return (
    <BlockModal
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      onClosed={() => {
        unblock.reset();
        setLearnMore(false);
      }}
      title={interpolate(MESSAGES.block.unblockTitle, { name: target.name })}
      mutation={unblock}
      markBusy
      confirmLabel={MESSAGES.block.unblock}
      busyLabel={TEXTS.social.unblocking}
      onConfirm={confirm}
    >
      <p className={styles.text}>{MESSAGES.block.unblockBody}</p>
      {learnMore ? (
        <p className={styles.text} id="unblock-learn-more">
          {TEXTS.social.learnMoreBody}
        </p>
      ) : (
        <button type="button" className={styles.linkButton} onClick={() => setLearnMore(true)} aria-controls="unblock-learn-more">
          {MESSAGES.block.learnMore}
        </button>
      )}
    </BlockModal>
  );
}

/** The block and unblock dialogs' frame: their text, the request's error, then 'Never mind' and the action, busy while it is sent. */
function BlockModal({
  isOpen,
  onOpenChange,
  onClosed,
  title,
  mutation,
  markBusy = false,
  confirmLabel,
  busyLabel,
  onConfirm,
  children,
}: Pick<BlockDialogProps, 'isOpen' | 'onOpenChange'> & {
  onClosed: () => void;
  title: string;
  mutation: { isPending: boolean; isError: boolean; error: unknown };
  markBusy?: boolean;
  confirmLabel: string;
  busyLabel: string;
  onConfirm: () => void;
  children: ReactNode;
}) {
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClosed();
        onOpenChange(open);
      }}
      title={title}
      isDismissable={!mutation.isPending}
    >
      {(close) => (
        <div className={styles.body} aria-busy={markBusy ? mutation.isPending || undefined : undefined}>
          {children}
          {mutation.isError && <FormError>{errorText(mutation.error)}</FormError>}
          <ConfirmActions
            className={styles.actions}
            cancelLabel={MESSAGES.block.neverMind}
            onCancel={close}
            confirmLabel={confirmLabel}
            busyLabel={busyLabel}
            busy={mutation.isPending}
            onConfirm={onConfirm}
          />
        </div>
      )}
    </Modal>
  );
}
