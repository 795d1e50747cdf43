import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { COMMENT_MAX, commentLength } from '@pinboard/shared/schemas/comments';
import { splitMentions } from '@pinboard/shared/text/mentions';
import { formatCount } from '../../../lib/i18n';
import { Avatar } from '../../../components/Avatar/Avatar';
import { Button, PlainButton } from '../../../components/Button/Button';
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
import { useCommentActions, usePinComments } from '../comments.queries';
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

/**
 * The closeup's comments: newest first with "More comments", a composer
 * (1–500 characters), delete for the writer and the Pin's owner, report for
 * everyone else, and the owner's switch to turn the Pin's comments off.
 */
export function PinComments({ pin, onChanged, onSignedOutComposer }: PinCommentsProps) {
  const viewer = useSignedInViewer();
  // Acting as a business, its own comments are not for reporting either.
  const actingId = useSessionActing()?.id;
  const list = usePinComments(pin.id);
  const actions = useCommentActions(pin.id, onChanged);
  const [deleting, setDeleting] = useState<PinComment | null>(null);
  const [reporting, setReporting] = useState<PinComment | null>(null);
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
          {comments.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              canReport={!!viewer && viewer.id !== comment.user.id && actingId !== comment.user.id}
              onDelete={() => setDeleting(comment)}
              onReport={() => setReporting(comment)}
            />
          ))}
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
          onPost={(text, done) => actions.create.mutate(text, { onSuccess: done })}
          posting={actions.create.isPending}
          error={actions.create.isError ? errorText(actions.create.error) : null}
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

function CommentItem({ comment, canReport, onDelete, onReport }: { comment: PinComment; canReport: boolean; onDelete: () => void; onReport: () => void }) {
  const name = comment.user.full_name || comment.user.username;
  return (
    <li className={styles.item}>
      <Link to={`/${comment.user.username}/`} aria-hidden="true" tabIndex={-1}>
        <Avatar name={name} imageUrl={comment.user.image_medium_url} size={32} />
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
    </li>
  );
}

/** The text with each @mention of someone who exists as a link to their profile. */
function CommentText({ comment }: { comment: PinComment }) {
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
}: {
  signedIn: boolean;
  viewer: { username: string; full_name: string; image_medium_url: string | null } | null;
  onSignedOutComposer: (() => void) | undefined;
  onPost: (text: string, done: () => void) => void;
  posting: boolean;
  error: string | null;
}) {
  const [text, setText] = useState('');
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
        <label htmlFor="comment-text" className="visually-hidden">
          {TEXTS.comments.composerLabel}
        </label>
        <textarea
          id="comment-text"
          className={styles.textarea}
          rows={2}
          placeholder={TEXTS.comments.composerPlaceholder}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={tooLong || undefined}
          aria-describedby={tooLong || length > COMMENT_MAX - 50 ? 'comment-count' : undefined}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) submit(event);
          }}
        />
        <div className={styles.composerFoot}>
          <span id="comment-count" className={tooLong ? styles.over : styles.count} aria-live="polite">
            {tooLong ? TEXTS.comments.tooLong({ max: COMMENT_MAX }) : length > COMMENT_MAX - 50 ? TEXTS.comments.remaining({ left: COMMENT_MAX - length }) : ''}
          </span>
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
