import { useState, type FormEvent } from 'react';
import { Dialog, Heading } from 'react-aria-components';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/Button/Button';
import { AnchoredPopover, type PopupProps } from '../../../components/Popup/AriaPopover';
import { showToast } from '../../../components/Toast/toasts';
import { TEXTS } from '../../../lib/allTexts';
import { sendErrorText, useCreateConversation } from '../messages.queries';
import styles from './Messages.module.css';

/** The message flyout itself (loaded when first opened). */
export function MessageFlyoutPopup({ popup, recipient }: PopupProps & { recipient: { id: string; name: string } }) {
  return (
    <AnchoredPopover popup={popup} kind="dialog" className={styles.flyout} placement="bottom" offset={8}>
      <Dialog id={popup.popupId} className={styles.flyoutDialog} aria-label={TEXTS.messages.flyoutTitle({ name: recipient.name })}>
        <MessageComposerForm recipient={recipient} onSent={() => popup.setOpen(false)} />
      </Dialog>
    </AnchoredPopover>
  );
}

function MessageComposerForm({ recipient, onSent }: { recipient: { id: string; name: string }; onSent: () => void }) {
  const [text, setText] = useState('');
  const create = useCreateConversation();
  const navigate = useNavigate();
  const empty = text.trim() === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (empty || create.isPending) return;
    create.mutate(
      { user_ids: [recipient.id], text: text.trim() },
      {
        onSuccess: (conversation) => {
          setText('');
          onSent();
          void navigate(`/conversation/${conversation.id}/`);
        },
        onError: (error) => showToast(sendErrorText(error), { tone: 'error' }),
      },
    );
  };

  return (
    <form className={styles.flyoutForm} onSubmit={submit}>
      <Heading slot="title" className={styles.flyoutTitle}>
        {TEXTS.messages.flyoutTitle({ name: recipient.name })}
      </Heading>
      <label className="visually-hidden" htmlFor="message-flyout-text">
        {TEXTS.messages.composeLabel}
      </label>
      <textarea
        id="message-flyout-text"
        className={styles.flyoutText}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={TEXTS.messages.placeholder}
        rows={3}
        maxLength={2000}
        autoFocus
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            event.currentTarget.form?.requestSubmit();
          }
        }}
      />
      <div className={styles.flyoutActions}>
        <Button type="submit" variant="primary" isDisabled={empty || create.isPending}>
          {create.isPending ? TEXTS.messages.sending : TEXTS.messages.send}
        </Button>
      </div>
    </form>
  );
}
