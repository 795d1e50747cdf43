import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/Avatar/Avatar';
import { Button } from '../../../components/Button/Button';
import { Icon } from '../../../components/Icon/AllIcons';
import { NotFoundView } from '../../../components/NotFoundView/NotFoundView';
import { Spinner } from '../../../components/Spinner/Spinner';
import { showToast } from '../../../components/Toast/toasts';
import { isApiError } from '../../../lib/api';
import { TEXTS } from '../../../lib/allTexts';
import { getLocale } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { firstImage } from '../../../lib/pinText';
import type { Message, SentPin } from '../messages.api';
import { sendErrorText, useConversation, useMessages, useSendMessage } from '../messages.queries';
import { useLiveMessages } from '../useLiveMessages';
import { isUnavailable, memberName, memberNames, otherMembers } from './ConversationList';
import styles from './Messages.module.css';

const timeFormat = new Intl.DateTimeFormat(getLocale(), { dateStyle: 'medium', timeStyle: 'short' });

/** One conversation: its messages (live), older ones on request, and the composer. */
export function ConversationView({ conversationId, viewerId, showBack }: { conversationId: string; viewerId: string; showBack: boolean }) {
  const conversation = useConversation(conversationId);
  const messages = useMessages(conversationId);
  useLiveMessages(conversationId, messages.isSuccess);
  const others = conversation.data ? otherMembers(conversation.data, viewerId) : [];
  const names = memberNames(others);
  useDocumentTitle(conversation.data ? names : TEXTS.messages.inbox);

  const bottomRef = useRef<HTMLDivElement>(null);
  const ordered: Message[] = messages.data
    ? messages.data.pages
        .flatMap((page) => page.data)
        .slice()
        .reverse()
    : [];
  const newestId = ordered.at(-1)?.id;
  // Follow the newest message as it arrives.
  useLayoutEffect(() => {
    bottomRef.current?.scrollIntoView({ block: 'end' });
  }, [newestId]);

  if (conversation.isError || messages.isError) {
    const error = conversation.error ?? messages.error;
    if (isApiError(error) && (error.isNotFound || error.httpStatus === 400)) return <NotFoundView body={TEXTS.messages.notFound} />;
    return <p className={styles.quiet}>{TEXTS.genericError}</p>;
  }
  if (!conversation.data || !messages.data) return <Spinner />;

  const membersById = new Map(conversation.data.members.map((member) => [member.id, member]));
  const first = others[0];
  // Everyone else is an unavailable account (a removed person, decision 045): the server takes no reply, so none is offered.
  const canReply = others.some((member) => !isUnavailable(member));

  return (
    <section className={styles.conversation} aria-label={TEXTS.messages.with({ names })}>
      <header className={styles.conversationHeader}>
        {showBack && (
          <Link to="/messages/" className={styles.back} aria-label={TEXTS.messages.back}>
            <Icon name="chevronLeft" size={22} />
          </Link>
        )}
        {first && <Avatar name={memberName(first)} imageUrl={first.image_medium_url} size={40} />}
        <h1 className={styles.conversationTitle}>{others.length === 1 && first?.username ? <Link to={`/${first.username}/`}>{names}</Link> : names}</h1>
      </header>
      <div className={styles.thread}>
        {messages.hasNextPage && (
          <div className={styles.earlier}>
            <Button size="small" onPress={() => void messages.fetchNextPage()} isDisabled={messages.isFetchingNextPage}>
              {messages.isFetchingNextPage ? TEXTS.loading : TEXTS.messages.loadEarlier}
            </Button>
          </div>
        )}
        {ordered.length === 0 ? (
          <p className={styles.quiet}>{TEXTS.messages.noMessagesYet}</p>
        ) : (
          <ol className={styles.messages} aria-label={TEXTS.messages.conversationLabel} aria-live="polite">
            {ordered.map((message, index) => {
              const mine = message.sender_id === viewerId;
              const sender = membersById.get(message.sender_id);
              const startsGroup = ordered[index - 1]?.sender_id !== message.sender_id;
              const senderName = mine ? TEXTS.messages.you : sender ? memberName(sender) : '';
              return (
                <li key={message.id} className={styles.messageRow} data-mine={mine || undefined} data-group-start={startsGroup || undefined}>
                  {!mine && (
                    <span className={styles.messageAvatar} aria-hidden="true">
                      {startsGroup && sender && <Avatar name={memberName(sender)} imageUrl={sender.image_medium_url} size={28} />}
                    </span>
                  )}
                  <div className={styles.bubble} title={timeFormat.format(new Date(message.created_at))}>
                    <span className="visually-hidden">{senderName}: </span>
                    {message.pin && <SentPinCard pin={message.pin} />}
                    {message.pin_unavailable && <p className={styles.pinUnavailable}>{TEXTS.messages.pinUnavailable}</p>}
                    {message.text && <MessageText text={message.text} />}
                  </div>
                </li>
              );
            })}
          </ol>
        )}
        <div ref={bottomRef} />
      </div>
      {canReply ? (
        <Composer conversationId={conversationId} />
      ) : (
        <p className={styles.cannotReply} role="status">
          {TEXTS.messages.cannotReply}
        </p>
      )}
    </section>
  );
}

/** A Pin sent in a message: its picture and title, linking to the Pin. */
function SentPinCard({ pin }: { pin: SentPin }) {
  const image = firstImage(pin.images, ['236x', '474x', 'orig']);
  const title = pin.title.trim();
  const label = title || pin.alt_text || TEXTS.pin.untitled;
  return (
    <Link to={`/pin/${pin.id}/`} className={styles.sentPin} aria-label={label}>
      <span className={styles.sentPinImage} style={{ backgroundColor: pin.dominant_color, aspectRatio: `${pin.width || 1} / ${pin.height || 1}` }}>
        {image && <img src={image.url} alt={pin.alt_text ?? ''} loading="lazy" />}
      </span>
      {title && <span className={styles.sentPinTitle}>{title}</span>}
    </Link>
  );
}

/** Links in a message (such as a shared profile) are clickable; everything else is plain text. */
function MessageText({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s]+)/g);
  return (
    <span className={styles.messageText}>
      {parts.map((part, index) => {
        if (!/^https?:\/\//.test(part)) return part;
        let url: URL;
        try {
          url = new URL(part);
        } catch {
          return part;
        }
        return url.origin === window.location.origin ? (
          <Link key={index} to={url.pathname + url.search}>
            {part}
          </Link>
        ) : (
          <a key={index} href={part} target="_blank" rel="nofollow noopener noreferrer">
            {part}
          </a>
        );
      })}
    </span>
  );
}

function Composer({ conversationId }: { conversationId: string }) {
  const [text, setText] = useState('');
  const send = useSendMessage(conversationId);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const empty = text.trim() === '';

  useEffect(() => {
    inputRef.current?.focus();
  }, [conversationId]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (empty || send.isPending) return;
    send.mutate(text.trim(), {
      onSuccess: () => setText(''),
      onError: (error) => showToast(sendErrorText(error), { tone: 'error' }),
    });
  };

  return (
    <form className={styles.composer} onSubmit={submit}>
      <label className="visually-hidden" htmlFor={`composer-${conversationId}`}>
        {TEXTS.messages.composeLabel}
      </label>
      <textarea
        id={`composer-${conversationId}`}
        ref={inputRef}
        className={styles.composerText}
        value={text}
        rows={1}
        maxLength={2000}
        placeholder={TEXTS.messages.placeholder}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            event.currentTarget.form?.requestSubmit();
          }
        }}
      />
      <Button type="submit" variant="primary" isDisabled={empty || send.isPending}>
        {send.isPending ? TEXTS.messages.sending : TEXTS.messages.send}
      </Button>
    </form>
  );
}
