import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { COMMENT_MAX, REPLIES_INLINE, commentLength, type TPinCommentReplyOut } from '@pinboard/shared/schemas/comments';
import { splitMentions } from '@pinboard/shared/text/mentions';
import { formatCount } from '../../../lib/i18n';
import { Avatar } from '../../../components/Avatar/Avatar';
import { Button, PlainButton } from '../../../components/Button/Button';
import { Icon } from '../../../components/Icon/AllIcons';
import { FormError } from '../../../components/Field/Field';
import { Modal } from '../../../components/Modal/Modal';
import { Spinner } from '../../../components/Spinner/Spinner';
import { showToast } from '../../../components/Toast/toasts';
import { useSessionActing } from '../../../lib/actingProfile';
import { isApiError } from '../../../lib/api';
import { TEXTS } from '../../../lib/allTexts';
import { ConfirmDialog, LoginPrompt } from '../../../overlays';
import { useSignedInViewer } from '../../session/session.queries';
import type { PinComment } from '../comments.api';
import { useCommentActions, useCommentReplies, usePinComments } from '../comments.queries';
import { timeAgo } from '../timeAgo';
import styles from './PinComments.module.css';

export interface PinCommentsProps {
  pin: { id: string; pinner: { id: string }; comments_enabled: boolean; comment_count: number; can?: { edit: boolean } | undefined };
  /** After a comment was written or deleted, or comments were turned on or off: the page refreshes the Pin. */
  onChanged: () => void;
  /**
   * A signed-out visitor pressed the composer (docs/product/logged-out-and-business.md §4:
   * the `comment_composer_click` upsell event). The login prompt opens either way.
   */
  onSignedOutComposer?: () => void;
}

const errorText = (error: unknown) => (isApiError(error) && error.message ? error.fullMessage : TEXTS.genericError);

/** A comment or a reply, as the list shows either. */
type AnyComment = PinComment | TPinCommentReplyOut;

/** Where a reply is being written: under which top-level comment, pre-filled with whose @username. */
interface ReplyDraft {
  parentId: string;
  username: string;
  name: string;
}

/**
 * The closeup's comments: newest first with "More comments", a composer
 * (1–500 characters), delete for the writer and the Pin's owner, report for
 * everyone else, and the owner's switch to turn the Pin's comments off.
 * Replies (decision 090): one level, indented under their comment, collapsed
 * behind "View N replies" past REPLIES_INLINE; a Reply link opens an inline
 * composer pre-filled with the @username answered; a heart with its count.
 */
export function PinComments({ pin, onChanged, onSignedOutComposer }: PinCommentsProps) {
  const viewer = useSignedInViewer();
  // Acting as a business, its own comments are not for reporting either.
  const actingId = useSessionActing()?.id;
  const list = usePinComments(pin.id);
  const actions = useCommentActions(pin.id, onChanged);
  const [deleting, setDeleting] = useState<AnyComment | null>(null);
  const [reporting, setReporting] = useState<AnyComment | null>(null);
  const [replying, setReplying] = useState<ReplyDraft | null>(null);
  const [loginOpen, setLoginOpen] = useState(false);
  // Turning comments off edits the Pin: shown when the server says the viewer may (decision 080).
  const mayEditPin = !!pin.can?.edit;
  const comments = list.data?.pages.flatMap((page) => page.data) ?? [];

  const toggle = () =>
    actions.toggle.mutate(!pin.comments_enabled, {
      onSuccess: (result) => showToast(result.comments_enabled ? TEXTS.comments.turnedOn : TEXTS.comments.turnedOff),
      onError: (error) => showToast(errorText(error), { tone: 'error' }),
    });

  return (
    <section className={styles.section} aria-labelledby="comments-heading">
      <div className={styles.header}>
        <h2 id="comments-heading" className={styles.heading}>
          {pin.comment_count > 0 ? TEXTS.comments.count({ count: pin.comment_count, short: formatCount(pin.comment_count) }) : TEXTS.comments.heading}
        </h2>
        {mayEditPin && (
          <Button size="small" variant="ghost" onPress={toggle} isDisabled={actions.toggle.isPending}>
            {pin.comments_enabled ? TEXTS.comments.turnOff : TEXTS.comments.turnOn}
          </Button>
        )}
      </div>

      {list.isPending && <Spinner />}
      {list.isError && <p className={styles.quiet}>{TEXTS.genericError}</p>}
      {list.isSuccess && comments.length === 0 && <p className={styles.quiet}>{pin.comments_enabled ? TEXTS.comments.empty : TEXTS.comments.emptyOff}</p>}
      {comments.length > 0 && (
        <ul className={styles.list}>
          {comments.map((comment) => {
            const itemProps = (c: AnyComment) => ({
              comment: c,
              canReport: !!viewer && viewer.id !== c.user.id && actingId !== c.user.id,
              onDelete: () => setDeleting(c),
              onReport: () => setReporting(c),
              onReply: pin.comments_enabled
                ? () =>
                    viewer ? setReplying({ parentId: comment.id, username: c.user.username, name: c.user.full_name || c.user.username }) : setLoginOpen(true)
                : undefined,
              onHeart: () => (viewer ? actions.heart.mutate({ commentId: c.id, on: !c.hearted_by_me }) : setLoginOpen(true)),
            });
            return (
              <li key={comment.id} className={styles.thread}>
                <CommentItem {...itemProps(comment)} />
                <Replies pinId={pin.id} comment={comment} render={(reply) => <CommentItem key={reply.id} {...itemProps(reply)} />} />
                {replying?.parentId === comment.id && viewer && (
                  <div className={styles.replyComposer}>
                    <Composer
                      signedIn
                      viewer={viewer}
                      onSignedOutComposer={undefined}
                      label={TEXTS.comments.replyTo({ name: replying.name })}
                      placeholder={TEXTS.comments.replyPlaceholder}
                      initialText={`@${replying.username} `}
                      autoFocus
                      onCancel={() => setReplying(null)}
                      onPost={(text, done) =>
                        actions.create.mutate(
                          { text, parentId: comment.id },
                          {
                            onSuccess: () => {
                              done();
                              setReplying(null);
                            },
                          },
                        )
                      }
                      posting={actions.create.isPending}
                      error={actions.create.isError && actions.create.variables?.parentId ? errorText(actions.create.error) : null}
                    />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {list.hasNextPage && (
        <Button size="small" onPress={() => void list.fetchNextPage()} isDisabled={list.isFetchingNextPage}>
          {list.isFetchingNextPage ? TEXTS.loadingMore : TEXTS.comments.more}
        </Button>
      )}
      {comments.length > 0 && !pin.comments_enabled && <p className={styles.quiet}>{TEXTS.comments.emptyOff}</p>}

      {pin.comments_enabled && (
        <Composer
          signedIn={!!viewer}
          viewer={viewer}
          onSignedOutComposer={onSignedOutComposer}
          onPost={(text, done) => actions.create.mutate({ text }, { onSuccess: done })}
          posting={actions.create.isPending}
          error={actions.create.isError && !actions.create.variables?.parentId ? errorText(actions.create.error) : null}
        />
      )}

      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={TEXTS.comments.deleteTitle}
        confirmLabel={TEXTS.comments.delete}
        busyLabel={TEXTS.comments.deleting}
        cancelLabel={TEXTS.comments.cancel}
        busy={actions.remove.isPending}
        error={actions.remove.isError ? errorText(actions.remove.error) : null}
        onConfirm={() =>
          deleting &&
          actions.remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              showToast(TEXTS.comments.deleted);
            },
          })
        }
      >
        {TEXTS.comments.deleteBody}
      </ConfirmDialog>
      {loginOpen && <LoginPrompt isOpen onOpenChange={setLoginOpen} title={TEXTS.comments.composerLogin} />}
      {reporting && (
        <ReportCommentDialog
          busy={actions.report.isPending}
          error={actions.report.isError ? errorText(actions.report.error) : null}
          onClose={() => {
            actions.report.reset();
            setReporting(null);
          }}
          onSend={(reason) =>
            actions.report.mutate(
              { commentId: reporting.id, reason },
              {
                onSuccess: () => {
                  setReporting(null);
                  showToast(TEXTS.comments.reported);
                },
              },
            )
          }
        />
      )}
    </section>
  );
}

/** A top-level comment's replies: inline when few; past REPLIES_INLINE, behind "View N replies", then read page by page. */
function Replies({ pinId, comment, render }: { pinId: string; comment: PinComment; render: (reply: TPinCommentReplyOut) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const collapsed = comment.reply_count > REPLIES_INLINE;
  const thread = useCommentReplies(pinId, comment.id, collapsed && open);
  if (comment.reply_count === 0) return null;
  const listId = `replies-${comment.id}`;
  const replies = collapsed ? (thread.data?.pages.flatMap((page) => page.data) ?? []) : comment.replies;
  return (
    <div className={styles.replies}>
      {collapsed && (
        <PlainButton className={styles.metaButton} aria-expanded={open} aria-controls={listId} onPress={() => setOpen(!open)}>
          {open ? TEXTS.comments.hideReplies : TEXTS.comments.viewReplies({ count: comment.reply_count })}
        </PlainButton>
      )}
      {(!collapsed || open) && (
        <ul id={listId} className={styles.list}>
          {collapsed && thread.isPending && <Spinner />}
          {replies.map(render)}
        </ul>
      )}
      {collapsed && open && thread.hasNextPage && (
        <PlainButton className={styles.metaButton} onPress={() => void thread.fetchNextPage()} isDisabled={thread.isFetchingNextPage}>
          {TEXTS.comments.moreReplies}
        </PlainButton>
      )}
    </div>
  );
}

function CommentItem({
  comment,
  canReport,
  onDelete,
  onReport,
  onReply,
  onHeart,
}: {
  comment: AnyComment;
  canReport: boolean;
  onDelete: () => void;
  onReport: () => void;
  onReply: (() => void) | undefined;
  onHeart: () => void;
}) {
  const name = comment.user.full_name || comment.user.username;
  const Tag = comment.parent_id ? 'li' : 'div';
  return (
    <Tag className={styles.item} data-comment-id={comment.id}>
      <Link to={`/${comment.user.username}/`} aria-hidden="true" tabIndex={-1}>
        <Avatar name={name} imageUrl={comment.user.image_medium_url} size={comment.parent_id ? 24 : 32} />
      </Link>
      <div className={styles.body}>
        <p className={styles.text}>
          <Link to={`/${comment.user.username}/`} className={styles.name}>
            {name}
          </Link>{' '}
          <CommentText comment={comment} />
        </p>
        <div className={styles.meta}>
          <time dateTime={comment.created_at}>{timeAgo(comment.created_at)}</time>
          {onReply && (
            <PlainButton className={styles.metaButton} onPress={onReply}>
              {TEXTS.comments.reply}
            </PlainButton>
          )}
          <PlainButton
            className={comment.hearted_by_me ? `${styles.heart} ${styles.hearted}` : styles.heart}
            aria-pressed={comment.hearted_by_me}
            aria-label={TEXTS.comments.heartLabel({ count: comment.heart_count })}
            onPress={onHeart}
          >
            <Icon name={comment.hearted_by_me ? 'heart' : 'heartOutline'} size={16} aria-hidden="true" />
            {comment.heart_count > 0 && <span aria-hidden="true">{formatCount(comment.heart_count)}</span>}
          </PlainButton>
          {canReport && (
            <PlainButton className={styles.metaButton} onPress={onReport}>
              {TEXTS.comments.report}
            </PlainButton>
          )}
          {comment.can.delete && (
            <PlainButton className={styles.metaButton} onPress={onDelete}>
              {TEXTS.comments.delete}
            </PlainButton>
          )}
        </div>
      </div>
    </Tag>
  );
}

/** The text with each @mention of someone who exists as a link to their profile. */
function CommentText({ comment }: { comment: AnyComment }) {
  const known = new Set(comment.mentions.map((m) => m.username.toLowerCase()));
  return (
    <>
      {splitMentions(comment.text).map((part, i) =>
        part.kind === 'mention' && known.has(part.username.toLowerCase()) ? (
          <Link key={i} to={`/${part.username}/`} className={styles.mention} aria-label={TEXTS.comments.mentionOf({ username: part.username })}>
            @{part.username}
          </Link>
        ) : (
          <span key={i}>{part.kind === 'text' ? part.text : `@${part.username}`}</span>
        ),
      )}
    </>
  );
}

function Composer({
  signedIn,
  viewer,
  onSignedOutComposer,
  onPost,
  posting,
  error,
  label = TEXTS.comments.composerLabel,
  placeholder = TEXTS.comments.composerPlaceholder,
  initialText = '',
  autoFocus = false,
  onCancel,
}: {
  signedIn: boolean;
  viewer: { username: string; full_name: string; image_medium_url: string | null } | null;
  onSignedOutComposer: (() => void) | undefined;
  onPost: (text: string, done: () => void) => void;
  posting: boolean;
  error: string | null;
  label?: string;
  placeholder?: string;
  /** A reply starts with the @username it answers (decision 090). */
  initialText?: string;
  autoFocus?: boolean;
  /** A reply's composer closes with Cancel or Escape. */
  onCancel?: () => void;
}) {
  const [text, setText] = useState(initialText);
  const fieldId = useId();
  const countId = useId();
  const [loginOpen, setLoginOpen] = useState(false);
  // Acting as a business (decision 059), the comment is the business's: its avatar shows.
  const acting = useSessionActing();
  const length = commentLength(text.trim());
  const tooLong = length > COMMENT_MAX;

  if (!signedIn || !viewer) {
    // Signed out, the composer is a button that asks to log in (the upsell's comment_composer_click).
    return (
      <>
        <PlainButton
          className={styles.composerPlaceholder}
          data-upsell-event="comment_composer_click"
          onPointerEnter={LoginPrompt.prefetch}
          onPress={() => {
            onSignedOutComposer?.();
            setLoginOpen(true);
          }}
        >
          {TEXTS.comments.composerPlaceholder}
        </PlainButton>
        {loginOpen && <LoginPrompt isOpen onOpenChange={setLoginOpen} title={TEXTS.comments.composerLogin} />}
      </>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (length === 0 || tooLong || posting) return;
    onPost(text.trim(), () => setText(''));
  };

  return (
    <form className={styles.composer} onSubmit={submit}>
      {acting ? (
        <Avatar name={acting.businessName || acting.username} imageUrl={acting.imgUrl} size={32} />
      ) : (
        <Avatar name={viewer.full_name || viewer.username} imageUrl={viewer.image_medium_url} size={32} />
      )}
      <div className={styles.composerField}>
        <label htmlFor={fieldId} className="visually-hidden">
          {label}
        </label>
        <textarea
          id={fieldId}
          className={styles.textarea}
          rows={2}
          placeholder={placeholder}
          value={text}
          autoFocus={autoFocus}
          onFocus={(event) => {
            if (autoFocus) event.currentTarget.setSelectionRange(event.currentTarget.value.length, event.currentTarget.value.length);
          }}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={tooLong || undefined}
          aria-describedby={tooLong || length > COMMENT_MAX - 50 ? countId : undefined}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) submit(event);
            if (event.key === 'Escape' && onCancel) onCancel();
          }}
        />
        <div className={styles.composerFoot}>
          <span id={countId} className={tooLong ? styles.over : styles.count} aria-live="polite">
            {tooLong ? TEXTS.comments.tooLong({ max: COMMENT_MAX }) : length > COMMENT_MAX - 50 ? TEXTS.comments.remaining({ left: COMMENT_MAX - length }) : ''}
          </span>
          {onCancel && (
            <Button size="small" onPress={onCancel}>
              {TEXTS.comments.cancel}
            </Button>
          )}
          <Button type="submit" variant="primary" size="small" isDisabled={length === 0 || tooLong || posting}>
            {posting ? TEXTS.comments.posting : TEXTS.comments.post}
          </Button>
        </div>
        {error && <FormError>{error}</FormError>}
      </div>
    </form>
  );
}

function ReportCommentDialog({ busy, error, onClose, onSend }: { busy: boolean; error: string | null; onClose: () => void; onSend: (reason: string) => void }) {
  const [reason, setReason] = useState<string | null>(null);
  return (
    <Modal
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={TEXTS.comments.reportTitle}
      isDismissable={!busy}
    >
      <form
        className={styles.report}
        onSubmit={(event) => {
          event.preventDefault();
          if (reason) onSend(reason);
        }}
      >
        <p className={styles.quiet}>{TEXTS.comments.reportIntro}</p>
        <fieldset className={styles.choices}>
          <legend className="visually-hidden">{TEXTS.social.reasonsLabel}</legend>
          {Object.entries(TEXTS.social.reasons)
            .map(([id, text]) => ({ id, ...text }))
            .filter((option) => option.id !== 'impersonation')
            .map((option) => (
              <label key={option.id} className={styles.choice}>
                <input type="radio" name="comment-report-reason" value={option.id} checked={reason === option.id} onChange={() => setReason(option.id)} />
                <span>
                  <span className={styles.choiceLabel}>{option.label}</span>
                  <span className={styles.choiceHelp}>{option.help}</span>
                </span>
              </label>
            ))}
        </fieldset>
        {error && <FormError>{error}</FormError>}
        <div className={styles.reportActions}>
          <Button onPress={onClose} isDisabled={busy}>
            {TEXTS.comments.cancel}
          </Button>
          <Button type="submit" variant="primary" isDisabled={!reason || busy}>
            {TEXTS.comments.reportSend}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
