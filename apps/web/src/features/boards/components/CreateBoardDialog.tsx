import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { MESSAGES } from '../../../lib/messages';
import { zCreateBoard } from '@pinboard/shared/schemas/boards';
import { Button } from '../../../components/Button/Button';
import { Checkbox, FormError, TextArea, TextInput } from '../../../components/Field/Field';
import { Modal } from '../../../components/Modal/Modal';
import { showToast } from '../../../components/Toast/toasts';
import { isApiError } from '../../../lib/api';
import { useActingProfile } from '../../../lib/actingProfile';
import { useViewer } from '../../session/session.queries';
import { TEXTS } from '../../../lib/allTexts';
import { boardPrivacyControls, useAdAccountOf } from '../boardAds';
import { boardUrlAfterCreate, type Board, type BoardSource } from '../boards.api';
import { useCreateBoard } from '../boards.queries';
import styles from './CreateBoardDialog.module.css';
import { localServerText } from '../../../lib/i18n';
import { useSchemaForm } from '../../../lib/schemaForm';

export interface CreateBoardDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Called after the board is made. */
  onCreated?: (board: Board) => void;
  /** Go to the new board's page (default), or stay where we are. */
  navigateOnCreate?: boolean;
  /** Where the board is made from (sent as aux_data.source). */
  source?: BoardSource;
  /** A suggested name (e.g. a board suggestion's). */
  initialName?: string;
  /** Shown above the form (e.g. the Pins a board suggestion will hold). */
  intro?: ReactNode;
}

export function CreateBoardDialog({
  isOpen,
  onOpenChange,
  onCreated,
  navigateOnCreate = true,
  source = 'profile',
  initialName,
  intro,
}: CreateBoardDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} title={TEXTS.board.dialogTitle} isDismissable={!busy}>
      {(close) => (
        <>
          {intro}
          <CreateBoardForm
            source={source}
            initialName={initialName}
            onBusyChange={setBusy}
            onCancel={close}
            navigateOnCreate={navigateOnCreate}
            onCreated={(board) => onCreated?.(board)}
          />
        </>
      )}
    </Modal>
  );
}

/** The new board's form: name and description as the server's zCreateBoard checks them (decision 083), and the privacy toggles. */
const createBoardForm = zCreateBoard.pick({ name: true, description: true }).extend({ secret: z.boolean(), protectedBoard: z.boolean() });

/** The failure text of the spec's board form: message and detail, else the generic line. */
export function boardFailureText(error: unknown): string {
  if (isApiError(error) && error.fullMessage) return error.fullMessage;
  if (typeof error === 'string' && error) return error;
  return MESSAGES.board.somethingWentWrong;
}

export interface CreateBoardFormProps {
  source: BoardSource;
  navigateOnCreate: boolean;
  onCancel: () => void;
  onCreated: (board: Board) => void;
  onBusyChange?: (busy: boolean) => void;
  /** The small form inside the board picker: no description, smaller buttons. */
  compact?: boolean;
  initialName?: string | undefined;
  /** Names to offer under the name field (the picker's board title suggestions); choosing one fills the name. */
  nameSuggestions?: readonly string[] | undefined;
}

/**
 * The spec's board form for a new board: name required and at most the board
 * title limit, description at most its limit, both trimmed; submit disabled
 * while the name is empty, an error shows or the form is submitting.
 */
export function CreateBoardForm({
  source,
  onCancel,
  onCreated,
  onBusyChange = () => undefined,
  navigateOnCreate,
  compact = false,
  initialName = '',
  nameSuggestions = [],
}: CreateBoardFormProps) {
  const navigate = useNavigate();
  const createBoard = useCreateBoard();
  const { data: viewer } = useViewer();
  // Acting as a business (the header's switcher): the board is the business's (docs/product/logged-out-and-business.md §6); the server
  // makes it as the session acts, so a tab that missed a switch still makes it as the session says (decision 059).
  const acting = useActingProfile(viewer?.isAuth ? viewer.id : null);
  const form = useSchemaForm(createBoardForm, { name: initialName, description: '', secret: false, protectedBoard: false });
  const { name, description, secret, protectedBoard } = form.values;
  // The business's ad account, when the new board's owner has one: the toggle is the protected kind (docs/product/profiles-and-boards.md §6).
  const account = useAdAccountOf(acting?.id ?? (viewer?.isAuth ? viewer.id : null), !!viewer?.isAuth && viewer.isPartner).data ?? null;
  const controls = boardPrivacyControls(account, 'create');
  const [serverNameError, setServerNameError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  // Required-name message only once the person has typed and cleared; length errors at once.
  const nameError = serverNameError ?? (form.touched.name || name.length > 0 ? (form.issues.name ?? null) : null);
  const descriptionError = form.issues.description ?? null;
  const submitting = createBoard.isPending;
  const canSubmit = form.valid && !serverNameError && !submitting;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    const parsed = zCreateBoard.safeParse({
      name,
      description: description.trim() === '' ? undefined : description,
      privacy: secret && controls.secretToggle ? 'secret' : controls.forcedProtected || (controls.protectedToggle && protectedBoard) ? 'protected' : 'public',
    });
    if (!parsed.success) {
      setFormError(localServerText(parsed.error.issues[0]?.message ?? MESSAGES.board.somethingWentWrong));
      return;
    }
    setFormError(null);
    onBusyChange(true);
    createBoard.mutate(
      {
        name: parsed.data.name,
        description: parsed.data.description,
        privacy: parsed.data.privacy,
        source,
        ...(account ? { advertiser_id: account.id } : {}),
      },
      {
        onSuccess: (board) => {
          onBusyChange(false);
          showToast(MESSAGES.board.created);
          onCreated(board);
          if (navigateOnCreate) void navigate(boardUrlAfterCreate(board, viewer?.isAuth && board.owner.id !== viewer.id ? board.owner.id : null));
        },
        onError: (error) => {
          onBusyChange(false);
          if (isApiError(error) && error.field === 'name' && error.message) setServerNameError(error.message);
          else setFormError(boardFailureText(error));
        },
      },
    );
  };

  return (
    <form className={compact ? `${styles.form} ${styles.compact}` : styles.form} onSubmit={submit} noValidate>
      {formError && <FormError>{formError}</FormError>}
      {acting && <p className={styles.actingAs}>{TEXTS.business.creatingAs({ name: acting.businessName })}</p>}
      <TextInput
        label={TEXTS.board.nameLabel}
        name="name"
        placeholder={MESSAGES.board.namePlaceholder}
        value={name}
        autoFocus
        autoComplete="off"
        required
        error={nameError}
        onChange={(event) => {
          form.set('name', event.target.value);
          setServerNameError(null);
          setFormError(null);
        }}
      />
      {nameSuggestions.length > 0 && (
        // Not a labelled group: its label would also answer for the Name field's ("…names").
        <div className={styles.suggestions} data-testid="board-name-suggestions">
          <span className={styles.suggestionsLabel}>{TEXTS.picker.nameSuggestions}</span>
          <div className={styles.chips}>
            {nameSuggestions.map((title) => (
              <button
                key={title}
                type="button"
                className={styles.chip}
                aria-pressed={name === title}
                onClick={() => {
                  form.set('name', title);
                  setServerNameError(null);
                  setFormError(null);
                }}
              >
                {title}
              </button>
            ))}
          </div>
        </div>
      )}
      {!compact && (
        <BoardDescriptionField
          value={description}
          error={descriptionError}
          onChange={(value) => {
            form.set('description', value);
            setFormError(null);
          }}
        />
      )}
      {controls.protectedToggle && (
        <Checkbox
          label={MESSAGES.board.protectedBoard}
          help={controls.protectedEnabled ? undefined : TEXTS.ads.protectedNewLocked}
          checked={controls.forcedProtected || protectedBoard}
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
      <div className={styles.actions}>
        <Button variant="secondary" size={compact ? 'medium' : 'large'} onPress={onCancel} isDisabled={submitting}>
          {TEXTS.board.cancel}
        </Button>
        <Button type="submit" variant="primary" size={compact ? 'medium' : 'large'} isDisabled={!canSubmit}>
          {submitting ? TEXTS.board.creating : TEXTS.board.create}
        </Button>
      </div>
    </form>
  );
}

/** A board's description, as the create and edit forms ask for it. */
export function BoardDescriptionField({ value, error, onChange }: { value: string; error: string | null | undefined; onChange: (value: string) => void }) {
  return (
    <TextArea
      label={TEXTS.board.descriptionLabel}
      name="description"
      placeholder={TEXTS.board.descriptionPlaceholder}
      value={value}
      rows={2}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
