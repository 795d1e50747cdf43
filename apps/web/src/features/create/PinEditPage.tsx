import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { MESSAGES } from '../../lib/messages';
import { Button, ButtonLink } from '../../components/Button/Button';
import { ConfirmDialog } from '../../overlays';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { Checkbox, FormError } from '../../components/Field/Field';
import { Icon } from '../../components/Icon/AllIcons';
import { NotFoundView } from '../../components/NotFoundView/NotFoundView';
import { Spinner } from '../../components/Spinner/Spinner';
import { showToast } from '../../components/Toast/toasts';
import type { Pin } from '../pins/pins.api';
import { BoardSectionSelect, type BoardSectionValue } from '../picker/components/BoardSectionSelect';
import { CaptionsFields, type CaptionsChange } from '../pins/components/CaptionsFields';
import { PinDetailsFields, detailsForApi, hasDetailErrors, type PinDetails } from '../pins/components/PinDetailsFields';
import { useDeletePin, usePin, useUpdatePin } from '../pins/pins.queries';
import type { SignedInViewer } from '../session/session.api';
import { RequireSignedIn } from '../session/components/RequireSignedIn';
import { isApiError } from '../../lib/api';
import { firstImage, pinAltText } from '../../lib/pinText';
import { TEXTS } from '../../lib/allTexts';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import styles from './PinCreationToolPage.module.css';

const failure = (error: unknown) => (isApiError(error) && error.fullMessage ? error.fullMessage : MESSAGES.board.somethingWentWrong);

/** /pin/{id}/edit/: the pinner edits title, description, link, board and section, or deletes the Pin. */
export function PinEditPage() {
  useDocumentTitle(TEXTS.editPin.heading);
  const { id = '' } = useParams();
  const pin = usePin(id);
  if (!/^\d+$/.test(id) || (pin.isError && isApiError(pin.error) && pin.error.isNotFound)) return <NotFoundView body={TEXTS.pin.notFoundBody} />;
  if (pin.isError) throw pin.error;
  const data = pin.data;
  if (!data) return <Spinner />;
  return (
    <RequireSignedIn heading={MESSAGES.loginPrompt.editPin} next={`/pin/${id}/edit/`}>
      {(viewer) => {
        if (!data.can?.edit) {
          return (
            <EmptyState
              headingLevel={1}
              heading={TEXTS.editPin.heading}
              action={
                <ButtonLink to={`/pin/${id}/`} variant="primary" size="large">
                  {TEXTS.editPin.backToPin}
                </ButtonLink>
              }
            >
              {TEXTS.editPin.notYours}
            </EmptyState>
          );
        }
        return <PinEditForm key={data.id} pin={data} viewer={viewer} />;
      }}
    </RequireSignedIn>
  );
}

function PinEditForm({ pin, viewer }: { pin: Pin; viewer: SignedInViewer }) {
  const navigate = useNavigate();
  const update = useUpdatePin();
  const remove = useDeletePin();
  const [details, setDetails] = useState<PinDetails>({ title: pin.title, description: pin.description, link: pin.link ?? '', altText: pin.alt_text ?? '' });
  const [place, setPlace] = useState<BoardSectionValue>({ boardId: pin.board?.id ?? '', sectionId: pin.section_id ?? '' });
  const [commentsEnabled, setCommentsEnabled] = useState(pin.comments_enabled);
  const [captions, setCaptions] = useState<CaptionsChange>(undefined);
  // Captions belong to video Pins (not GIFs).
  const takesCaptions = !!pin.video_status && pin.embed_type !== 'gif';
  const [submitted, setSubmitted] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const image = firstImage(pin.images, ['474x', '736x', '236x', 'orig']);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (update.isPending || hasDetailErrors(details)) return;
    setFormError(null);
    const api = detailsForApi(details);
    update.mutate(
      {
        before: pin,
        input: {
          id: pin.id,
          // Cleared fields are sent empty so that they are cleared on the server too.
          title: api.title ?? '',
          description: api.description ?? '',
          link: api.link ?? '',
          alt_text: api.alt_text ?? '',
          board_id: place.boardId || null,
          section_id: place.sectionId || null,
          ...(commentsEnabled !== pin.comments_enabled ? { comments_enabled: commentsEnabled } : {}),
          ...(captions !== undefined ? { captions } : {}),
        },
      },
      {
        onSuccess: (saved) => {
          showToast(TEXTS.editPin.saved, { thumbnailUrl: saved.images['236x']?.url });
          void navigate(`/pin/${saved.id}/`);
        },
        onError: (error) => setFormError(failure(error)),
      },
    );
  };

  const confirmDelete = () => {
    remove.mutate(pin, {
      onSuccess: () => {
        setConfirmOpen(false);
        showToast(TEXTS.editPin.deleted);
        void navigate(pin.board?.url ?? `/${viewer.username}/`, { replace: true });
      },
    });
  };

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{TEXTS.editPin.heading}</h1>
      <form className={styles.layout} onSubmit={submit} noValidate>
        <div className={styles.preview}>
          {image && <img className={styles.previewImage} src={image.url} alt={pinAltText(pin)} style={{ backgroundColor: pin.dominant_color }} />}
        </div>
        <div className={styles.form}>
          {formError && <FormError>{formError}</FormError>}
          <PinDetailsFields value={details} onChange={setDetails} showAllErrors={submitted} disabled={update.isPending} />
          <BoardSectionSelect value={place} onChange={setPlace} disabled={update.isPending} />
          <Checkbox
            label={TEXTS.editPin.allowComments}
            help={TEXTS.editPin.allowCommentsHelp}
            checked={commentsEnabled}
            onChange={(event) => setCommentsEnabled(event.target.checked)}
            disabled={update.isPending}
          />
          {pin.story_pin_data && (
            <ButtonLink to={`/idea-pin-builder/?id=${pin.id}`} variant="secondary" size="large">
              {TEXTS.ideaPin.editPages}
            </ButtonLink>
          )}
          {takesCaptions && <CaptionsFields current={pin.captions ?? null} value={captions} onChange={setCaptions} disabled={update.isPending} />}
          <div className={styles.editActions}>
            <Button variant="secondary" size="large" onPress={() => setConfirmOpen(true)} isDisabled={update.isPending}>
              <Icon name="trash" size={18} />
              {TEXTS.editPin.delete}
            </Button>
            <Button type="submit" variant="primary" size="large" isDisabled={update.isPending}>
              {update.isPending ? TEXTS.editPin.saving : TEXTS.editPin.save}
            </Button>
          </div>
        </div>
      </form>
      <ConfirmDialog
        isOpen={confirmOpen}
        onOpenChange={(open) => {
          setConfirmOpen(open);
          if (!open) remove.reset();
        }}
        title={TEXTS.editPin.deleteTitle}
        confirmLabel={TEXTS.editPin.delete}
        busyLabel={TEXTS.editPin.deleting}
        cancelLabel={TEXTS.editPin.cancel}
        busy={remove.isPending}
        error={remove.isError ? failure(remove.error) : null}
        onConfirm={confirmDelete}
      >
        {TEXTS.editPin.deleteBody}
      </ConfirmDialog>
    </div>
  );
}
