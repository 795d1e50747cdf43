import { useState, type FormEvent } from 'react';
import { Dialog, DialogTrigger, Heading, Popover } from 'react-aria-components';
import { useNavigate } from 'react-router';
import { MESSAGES } from '@pinboard/shared/constants/messages';
import { Button, type ButtonSize } from '../../../components/Button/Button';
import { showToast } from '../../../components/Toast/toasts';
import { TEXTS } from '../../../lib/texts';
import { sendErrorText, useCreateConversation } from '../messages.queries';
import styles from './Messages.module.css';

export interface MessageFlyoutProps {
  recipient: { id: string; name: string };
  size?: ButtonSize;
  /** Opened from outside (e.g. the options menu or an upsell). */
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
}

/**
 * The Message button and its flyout: Send is disabled while the text is
 * empty or only spaces; on send the text clears, the flyout closes and the
 * new conversation opens.
 */
export function MessageFlyout({ recipient, size = 'large', isOpen, onOpenChange }: MessageFlyoutProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = isOpen ?? ownOpen;
  const setOpen = onOpenChange ?? setOwnOpen;
  return (
    <DialogTrigger isOpen={open} onOpenChange={setOpen}>
      <Button variant="secondary" size={size}>
        {MESSAGES.profile.message}
      </Button>
      <Popover className={styles.flyout} placement="bottom" offset={8}>
        <Dialog className={styles.flyoutDialog} aria-label={TEXTS.messages.flyoutTitle(recipient.name)}>
          <MessageComposerForm recipient={recipient} onSent={() => setOpen(false)} />
        </Dialog>
      </Popover>
    </DialogTrigger>
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
        {TEXTS.messages.flyoutTitle(recipient.name)}
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
