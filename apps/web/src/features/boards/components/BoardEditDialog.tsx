import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { MAX_AGE_RECENTLY_DELETED_BOARD_DAYS } from '@pinboard/shared/constants/limits';
import { MESSAGES } from '../../../lib/messages';
import { zBoardName, zUpdateBoard } from '@pinboard/shared/schemas/boards';
import { zId } from '@pinboard/shared/schemas/common';
import { z } from 'zod';
import { interpolate } from '@pinboard/shared/text/interpolate';
import { Avatar } from '../../../components/Avatar/Avatar';
import { Button } from '../../../components/Button/Button';
import { ConfirmActions } from '../../../components/ConfirmDialog/ConfirmDialog';
import { Checkbox, FormError, TextInput } from '../../../components/Field/Field';
import { Icon } from '../../../components/Icon/AllIcons';
import { Modal } from '../../../components/Modal/Modal';
import { showToast } from '../../../components/Toast/toasts';
import { isApiError } from '../../../lib/api';
import { pinTitle } from '../../../lib/pinText';
import { TEXTS } from '../../../lib/allTexts';
import { useFeedPreview } from '../../feeds/feeds.queries';
import type { Board, UpdateBoardInput } from '../boards.api';
import { boardPrivacyControls, useAdAccountOf, useBoardAds } from '../boardAds';
import { useDeleteBoard, useUpdateBoard } from '../boards.queries';
import { useSignedInViewer } from '../../session/session.queries';
import styles from './BoardEditDialog.module.css';
import { CollaboratorsPanel } from './CollaboratorsPanel';
import { BoardDescriptionField, boardFailureText } from './CreateBoardDialog';
import { useSchemaForm } from '../../../lib/schemaForm';

/** Pins offered as covers. */
const COVER_CHOICES = 24;

export interface BoardEditDialogProps {
  board: Board;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Open straight on the collaborators screen (e.g. from the face-pile). */
  initialView?: 'form' | 'collaborators';
}

/**
 * Editing a board (docs/product/profiles-and-boards.md §4-§6). The owner changes everything:
 * name, description, cover, secret, the sensitive-content mark (decision
 * 016), archive, delete (restorable for a few days). A collaborator sees
 * only the collaborators area, the email-notification setting (and, on an
 * ads-only board, the homefeed-recommendation toggle) and the note that the
 * owner manages the rest.
 * The collaborators screen replaces the main form while it is open.
 */
export function BoardEditDialog({ board, isOpen, onOpenChange, initialView = 'form' }: BoardEditDialogProps) {
  const [busy, setBusy] = useState(false);
  const [chosenView, setView] = useState<'form' | 'delete' | 'collaborators' | null>(null);
  const view = chosenView ?? initialView;
  const title = view === 'delete' ? TEXTS.editBoard.deleteTitle : view === 'collaborators' ? TEXTS.collaborators.title : TEXTS.editBoard.title;
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => {
        onOpenChange(open);
        if (!open) setView(null);
      }}
      title={title}
      isDismissable={!busy}
    >
      {(close) =>
        view === 'collaborators' ? (
          <CollaboratorsPanel board={board} onBack={() => setView('form')} />
        ) : !board.can?.edit ? (
          <CollaboratorForm board={board} onBusyChange={setBusy} onDone={close} onCollaborators={() => setView('collaborators')} />
        ) : view === 'delete' ? (
          <DeleteBoard board={board} onBusyChange={setBusy} onBack={() => setView('form')} />
        ) : (
          <OwnerForm board={board} onBusyChange={setBusy} onDone={close} onDelete={() => setView('delete')} onCollaborators={() => setView('collaborators')} />
        )
      }
    </Modal>
  );
}

/** The collaborators area of the board form: who is on the board, and the way to the collaborators screen. */
function CollaboratorsRow({ board, onOpen }: { board: Board; onOpen: () => void }) {
  const people = [board.owner, ...(board.collaborating_users ?? [])];
  return (
    <div className={styles.group}>
      <h3 className={styles.groupLabel}>{TEXTS.collaborators.heading}</h3>
      <div className={styles.action}>
        <div className={styles.collaborators}>
          <span className={styles.avatars} aria-hidden="true">
            {people.slice(0, 4).map((person) => (
              <Avatar key={person.id} name={person.full_name || person.username} imageUrl={person.image_medium_url} size={32} />
            ))}
          </span>
          <p className={styles.help}>{TEXTS.collaborators.manageHelp}</p>
        </div>
        <Button variant="secondary" onPress={onOpen} aria-label={TEXTS.collaborators.manage}>
          {TEXTS.collaborators.manageButton}
        </Button>
      </div>
    </div>
  );
}

/** The owner's form: name and description as the server's zUpdateBoard checks them (decision 083), cover, privacy toggles, sensitive mark. */
const ownerForm = zUpdateBoard.pick({ name: true, description: true }).extend({
  name: zBoardName,
  secret: z.boolean(),
  protectedBoard: z.boolean(),
  sensitive: z.boolean(),
  cover: zId.nullable(),
});

interface OwnerFormProps {
  board: Board;
  onBusyChange: (busy: boolean) => void;
  onDone: () => void;
  onDelete: () => void;
  onCollaborators: () => void;
}

function OwnerForm({ board, onBusyChange, onDone, onDelete, onCollaborators }: OwnerFormProps) {
  const navigate = useNavigate();
  const update = useUpdateBoard();
  const form = useSchemaForm(ownerForm, {
    name: board.name,
    description: board.description,
    secret: board.privacy === 'secret',
    protectedBoard: board.privacy === 'protected',
    sensitive: !!board.is_sensitive,
    cover: null as string | null,
  });
  const { name, description, secret, protectedBoard, sensitive, cover } = form.values;
  const viewer = useSignedInViewer();
  // A business's board may have Pins running as ads: making it secret stops them, so the owner is asked first.
  const ads = useBoardAds(board.id, !!viewer?.isPartner && board.privacy !== 'secret');
  // The business's ad account: the protected toggle, which only its owner and a profile publisher change (docs/product/profiles-and-boards.md §6).
  const account = useAdAccountOf(board.owner.id, !!viewer?.isPartner).data ?? null;
  const controls = boardPrivacyControls(account, 'edit');
  const [confirmSecret, setConfirmSecret] = useState<Omit<UpdateBoardInput, 'board_id'> | null>(null);
  const pins = useFeedPreview({ kind: 'board', boardId: board.id }, COVER_CHOICES, { enabled: board.pin_count > 0 });
  const currentCover = (pins.data ?? []).find((pin) => pin.images['236x']?.url && pin.images['236x'].url === board.cover_images?.['236x']?.url)?.id ?? null;
  const [serverNameError, setServerNameError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const archived = !!board.archived_by_me_at;
  const coverGroup = useId();
  const chosenCover = cover ?? currentCover;

  const nameError = serverNameError ?? form.issues.name ?? null;
  const descriptionError = form.issues.description ?? null;
  const submitting = update.isPending;
  const canSubmit = form.valid && !serverNameError && !submitting;

  const save = (changes: Omit<UpdateBoardInput, 'board_id'>, onSaved: (saved: Board) => void) => {
    setFormError(null);
    onBusyChange(true);
    update.mutate(
      { board_id: board.id, ...changes },
      {
        onSuccess: (saved) => {
          onBusyChange(false);
          onSaved(saved);
          // A new name makes a new slug, so the board's address changes.
          if (saved.url !== board.url) void navigate(saved.url, { replace: true });
        },
        onError: (error) => {
          onBusyChange(false);
          if (isApiError(error) && error.field === 'name' && error.message) setServerNameError(error.message);
          else setFormError(boardFailureText(error));
        },
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    const changes: Omit<UpdateBoardInput, 'board_id'> = {};
    const trimmedName = name.trim();
    const trimmedDescription = description.trim();
    if (trimmedName !== board.name) changes.name = trimmedName;
    if (trimmedDescription !== board.description) changes.description = trimmedDescription;
    if (controls.protectedToggle) {
      const privacy = secret && controls.secretToggle ? 'secret' : protectedBoard ? 'protected' : 'public';
      if (privacy !== board.privacy) changes.privacy = privacy;
    } else {
      const privacy = secret ? 'secret' : 'public';
      if (privacy !== board.privacy && !(board.privacy === 'protected' && !secret)) changes.privacy = privacy;
    }
    if (cover !== null && cover !== currentCover) changes.cover_pin_id = cover;
    if (sensitive !== !!board.is_sensitive) changes.is_sensitive = sensitive;
    if (Object.keys(changes).length === 0) {
      onDone();
      return;
    }
    if (changes.privacy === 'secret' && (ads.data?.active_campaigns ?? 0) > 0) {
      setConfirmSecret(changes);
      return;
    }
    save(changes, () => {
      showToast(TEXTS.editBoard.saved);
      onDone();
    });
  };

  if (confirmSecret) {
    return (
      <div className={styles.form}>
        <p role="alert">{MESSAGES.board.secretStopsAds}</p>
        <ConfirmActions
          className={styles.footer}
          cancelLabel={TEXTS.board.cancel}
          onCancel={() => setConfirmSecret(null)}
          confirmLabel={TEXTS.ads.secretStopsAdsConfirm}
          busy={submitting}
          onConfirm={() =>
            save(confirmSecret, () => {
              setConfirmSecret(null);
              showToast(TEXTS.editBoard.saved);
              onDone();
            })
          }
        />
      </div>
    );
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {formError && <FormError>{formError}</FormError>}
      <TextInput
        label={TEXTS.board.nameLabel}
        name="name"
        placeholder={MESSAGES.board.namePlaceholder}
        value={name}
        autoComplete="off"
        required
        disabled={board.is_ads_only}
        help={board.is_ads_only ? TEXTS.ads.adsOnlyName : undefined}
        error={nameError}
        onChange={(event) => {
          form.set('name', event.target.value);
          setServerNameError(null);
          setFormError(null);
        }}
      />
      <BoardDescriptionField
        value={description}
        error={descriptionError}
        onChange={(value) => {
          form.set('description', value);
          setFormError(null);
        }}
      />
      {(pins.data?.length ?? 0) > 0 && (
        <div className={styles.covers}>
          <p id={coverGroup} className={styles.groupLabel}>
            {TEXTS.editBoard.cover}
          </p>
          <p className={styles.help}>{TEXTS.editBoard.coverHelp}</p>
          <div className={styles.coverList} role="radiogroup" aria-labelledby={coverGroup}>
            {(pins.data ?? []).map((pin, index) => (
              <label key={pin.id} className={styles.cover}>
                <input
                  type="radio"
                  name={coverGroup}
                  value={pin.id}
                  checked={chosenCover === pin.id}
                  onChange={() => form.set('cover', pin.id)}
                  className={styles.coverRadio}
                  aria-label={pinTitle(pin) ? TEXTS.editBoard.coverOption({ title: pinTitle(pin) }) : TEXTS.editBoard.coverOptionUntitled({ n: index + 1 })}
                />
                <span className={styles.coverImage} style={{ backgroundColor: pin.dominant_color }}>
                  {pin.images['236x'] && <img src={pin.images['236x'].url} alt="" loading="lazy" />}
                  <span className={styles.coverTick} aria-hidden="true">
                    <Icon name="check" size={16} />
                  </span>
                </span>
              </label>
            ))}
          </div>
        </div>
      )}
      <CollaboratorsRow board={board} onOpen={onCollaborators} />
      <div className={styles.group}>
        <h3 className={styles.groupLabel}>{TEXTS.editBoard.settings}</h3>
        {controls.protectedToggle && (
          <Checkbox
            label={MESSAGES.board.protectedBoard}
            help={controls.protectedEnabled ? undefined : TEXTS.ads.protectedLocked}
            checked={protectedBoard}
            disabled={!controls.protectedEnabled || secret}
            onChange={(event) => form.set('protectedBoard', event.target.checked)}
          />
        )}
        {controls.secretToggle && (
          <Checkbox
            label={MESSAGES.board.keepSecret}
            help={MESSAGES.board.keepSecretHelp}
            checked={secret}
            onChange={(event) => form.set('secret', event.target.checked)}
          />
        )}
        <Checkbox
          label={TEXTS.editBoard.sensitiveLabel}
          help={TEXTS.editBoard.sensitiveHelp}
          checked={sensitive}
          onChange={(event) => form.set('sensitive', event.target.checked)}
        />
      </div>
      <div className={styles.group}>
        <h3 className={styles.groupLabel}>{TEXTS.editBoard.actions}</h3>
        <div className={styles.action}>
          <div>
            <p className={styles.actionName}>{archived ? TEXTS.editBoard.unarchive : TEXTS.editBoard.archive}</p>
            <p className={styles.help}>{archived ? TEXTS.editBoard.unarchiveHelp : TEXTS.editBoard.archiveHelp}</p>
          </div>
          <Button
            variant="secondary"
            isDisabled={submitting}
            onPress={() =>
              save({ archived: !archived }, () => {
                showToast(archived ? TEXTS.editBoard.unarchived : TEXTS.editBoard.archived);
                onDone();
              })
            }
          >
            {archived ? TEXTS.editBoard.unarchive : TEXTS.editBoard.archive}
          </Button>
        </div>
        <div className={styles.action}>
          <div>
            <p className={styles.actionName}>{TEXTS.editBoard.delete}</p>
            <p className={styles.help}>{TEXTS.editBoard.deleteHelp}</p>
          </div>
          <Button variant="secondary" isDisabled={submitting} onPress={onDelete}>
            <Icon name="trash" size={18} />
            {TEXTS.editBoard.delete}
          </Button>
        </div>
      </div>
      <div className={styles.footer}>
        <Button type="submit" variant="primary" size="large" isDisabled={!canSubmit}>
          {submitting ? TEXTS.editBoard.saving : TEXTS.editBoard.save}
        </Button>
      </div>
    </form>
  );
}

function DeleteBoard({ board, onBusyChange, onBack }: { board: Board; onBusyChange: (busy: boolean) => void; onBack: () => void }) {
  const navigate = useNavigate();
  const remove = useDeleteBoard();
  const confirm = () => {
    onBusyChange(true);
    remove.mutate(board, {
      onSuccess: () => {
        onBusyChange(false);
        showToast(TEXTS.editBoard.deleted({ name: board.name }));
        void navigate(`/${board.owner.username}/`, { replace: true });
      },
      onError: () => onBusyChange(false),
    });
  };
  return (
    <div className={styles.form}>
      {remove.isError && <FormError>{boardFailureText(remove.error)}</FormError>}
      <p className={styles.deleteText}>{interpolate(MESSAGES.board.restoreDeleted, { n: MAX_AGE_RECENTLY_DELETED_BOARD_DAYS })}</p>
      <ConfirmActions
        className={styles.confirmActions}
        cancelLabel={TEXTS.editBoard.cancel}
        onCancel={onBack}
        autoFocusCancel
        confirmLabel={TEXTS.editBoard.deleteConfirm}
        busyLabel={TEXTS.editBoard.deleting}
        busy={remove.isPending}
        onConfirm={confirm}
      />
    </div>
  );
}

interface CollaboratorFormProps {
  board: Board;
  onBusyChange: (busy: boolean) => void;
  onDone: () => void;
  onCollaborators: () => void;
}

function CollaboratorForm({ board, onBusyChange, onDone, onCollaborators }: CollaboratorFormProps) {
  const update = useUpdateBoard();
  const [email, setEmail] = useState(board.collab_board_email ?? true);
  // On an ads-only board a collaborator also decides whether its Pins are recommended in home feeds (docs/product/profiles-and-boards.md §6).
  const homefeedToggle = !!board.is_ads_only;
  const [homefeed, setHomefeed] = useState(board.allow_homefeed_recommendations ?? true);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const changes: Omit<UpdateBoardInput, 'board_id'> = {};
    if (email !== (board.collab_board_email ?? true)) changes.collab_board_email = email;
    if (homefeedToggle && homefeed !== (board.allow_homefeed_recommendations ?? true)) changes.allow_homefeed_recommendations = homefeed;
    if (Object.keys(changes).length === 0) {
      onDone();
      return;
    }
    onBusyChange(true);
    update.mutate(
      { board_id: board.id, ...changes },
      {
        onSuccess: () => {
          onBusyChange(false);
          showToast(TEXTS.editBoard.saved);
          onDone();
        },
        onError: () => onBusyChange(false),
      },
    );
  };
  const owner = board.owner.full_name || board.owner.username;
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {update.isError && <FormError>{boardFailureText(update.error)}</FormError>}
      <CollaboratorsRow board={board} onOpen={onCollaborators} />
      <Checkbox label={TEXTS.editBoard.emailLabel} help={TEXTS.editBoard.emailHelp} checked={email} onChange={(event) => setEmail(event.target.checked)} />
      {homefeedToggle && (
        <Checkbox
          label={TEXTS.editBoard.homefeedLabel}
          help={TEXTS.editBoard.homefeedHelp}
          checked={homefeed}
          onChange={(event) => setHomefeed(event.target.checked)}
        />
      )}
      <p className={styles.note}>{interpolate(MESSAGES.board.ownerOnly, { name: owner })}</p>
      <div className={styles.footer}>
        <Button type="submit" variant="primary" size="large" isDisabled={update.isPending}>
          {update.isPending ? TEXTS.editBoard.saving : TEXTS.editBoard.save}
        </Button>
      </div>
    </form>
  );
}
