import { useEffect, useReducer, useState, type FormEvent } from 'react';
import { BOARD_NAME_MAX } from '@pinboard/shared/constants/limits';
import { MESSAGES } from '../../../lib/messages';
import { interpolate } from '@pinboard/shared/text/interpolate';
import { Button } from '../../../components/Button/Button';
import { Checkbox, FormError, TextInput } from '../../../components/Field/Field';
import { Icon } from '../../../components/Icon/AllIcons';
import { Modal } from '../../../components/Modal/Modal';
import { Spinner } from '../../../components/Spinner/Spinner';
import { showToast } from '../../../components/Toast/toasts';
import { isApiError } from '../../../lib/api';
import { firstImage, pinAltText, pinTitle } from '../../../lib/pinText';
import { TEXTS } from '../../../lib/allTexts';
import type { Board } from '../../boards/boards.api';
import { useAllUserBoards } from '../../boards/boards.queries';
import type { Pin } from '../../pins/pins.api';
import { useOrganizePins, type OrganizeInput } from '../profile.queries';
import { canGoNext, initialOrganizeState, organizeReducer } from '../organize';
import styles from './OrganizeModal.module.css';

export interface OrganizeModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  ownerUsername: string;
  pins: readonly Pin[];
}

function errorText(error: unknown): string {
  if (isApiError(error)) return error.fullMessage || MESSAGES.board.somethingWentWrong;
  return typeof error === 'string' ? error : MESSAGES.board.somethingWentWrong;
}

/**
 * Organize unorganized Pins: SELECT_PINS (Next once one is chosen), then
 * PICK_BOARD (an existing board) or CREATE_BOARD (back leads to PICK_BOARD
 * when there are boards, else to SELECT_PINS); the Pins then move there.
 */
export function OrganizeModal({ isOpen, onOpenChange, ownerUsername, pins }: OrganizeModalProps) {
  const boards = useAllUserBoards(isOpen ? ownerUsername : null);
  const pickable = (boards.data ?? []).filter((board) => !board.archived_by_me_at);
  const [state, dispatch] = useReducer(organizeReducer, pickable.length > 0, initialOrganizeState);
  const organize = useOrganizePins(ownerUsername);

  useEffect(() => {
    if (boards.data) dispatch({ type: 'boardsLoaded', hasBoards: pickable.length > 0 });
  }, [boards.data, pickable.length]);

  const close = () => {
    onOpenChange(false);
    dispatch({ type: 'reset' });
    organize.reset();
  };

  const move = (board: OrganizeInput['board']) => {
    organize.mutate(
      { pinIds: [...state.selected], board },
      {
        onSuccess: ({ boardName, moved, failure }) => {
          if (moved > 0) showToast(interpolate(MESSAGES.board.movedTo, { boardName }));
          if (failure) showToast(errorText(failure), { tone: 'error' });
          close();
        },
      },
    );
  };

  const title =
    state.step === 'SELECT_PINS' ? TEXTS.organizePins.selectTitle : state.step === 'PICK_BOARD' ? TEXTS.organizePins.pickTitle : TEXTS.organizePins.createTitle;

  return (
    <Modal isOpen={isOpen} onOpenChange={(open) => (open ? onOpenChange(true) : close())} title={title} isDismissable={!organize.isPending}>
      <div className={styles.wrap}>
        {state.step === 'SELECT_PINS' && (
          <>
            <p className={styles.hint}>{TEXTS.organizePins.selectHint}</p>
            <ul className={styles.grid} aria-label={TEXTS.organizePins.selectTitle}>
              {pins.map((pin) => (
                <li key={pin.id}>
                  <PinChoice pin={pin} selected={state.selected.has(pin.id)} onChange={(selected) => dispatch({ type: 'toggle', pinId: pin.id, selected })} />
                </li>
              ))}
            </ul>
            <div className={styles.footer}>
              <span className={styles.count} aria-live="polite">
                {TEXTS.organizePins.selected({ n: state.selected.size })}
              </span>
              <Button variant="primary" size="large" isDisabled={!canGoNext(state) || boards.isPending} onPress={() => dispatch({ type: 'next' })}>
                {TEXTS.organizePins.next}
              </Button>
            </div>
          </>
        )}
        {state.step === 'PICK_BOARD' && (
          <>
            <BoardChoices boards={pickable} disabled={organize.isPending} onPick={(board) => move({ kind: 'existing', id: board.id, name: board.name })} />
            {organize.isError && <FormError>{errorText(organize.error)}</FormError>}
            <div className={styles.footer}>
              <Button variant="secondary" size="large" onPress={() => dispatch({ type: 'back' })} isDisabled={organize.isPending}>
                {TEXTS.organizePins.back}
              </Button>
              <Button variant="secondary" size="large" onPress={() => dispatch({ type: 'createBoard' })} isDisabled={organize.isPending}>
                <Icon name="plus" size={18} />
                {TEXTS.organizePins.createBoard}
              </Button>
            </div>
            {organize.isPending && <Spinner label={TEXTS.organizePins.moving} />}
          </>
        )}
        {state.step === 'CREATE_BOARD' && (
          <CreateBoardStep
            pending={organize.isPending}
            error={organize.isError ? errorText(organize.error) : null}
            onBack={() => dispatch({ type: 'back' })}
            onCreate={(name, secret) => move({ kind: 'new', name, secret })}
          />
        )}
      </div>
    </Modal>
  );
}

function PinChoice({ pin, selected, onChange }: { pin: Pin; selected: boolean; onChange: (selected: boolean) => void }) {
  const image = firstImage(pin.images, ['236x', '474x', 'orig']);
  const ratio = pin.width > 0 ? pin.height / pin.width : 1;
  return (
    <label className={styles.choice} data-selected={selected || undefined}>
      <input type="checkbox" className={styles.choiceInput} checked={selected} onChange={(event) => onChange(event.target.checked)} />
      <span className={styles.choiceImage} style={{ aspectRatio: `1 / ${Math.min(2, Math.max(0.6, ratio))}`, backgroundColor: pin.dominant_color }}>
        {image && <img src={image.url} alt={pinTitle(pin) || pinAltText(pin)} loading="lazy" />}
        <span className={styles.check} aria-hidden="true">
          <Icon name="check" size={16} />
        </span>
      </span>
    </label>
  );
}

function BoardChoices({ boards, disabled, onPick }: { boards: readonly Board[]; disabled: boolean; onPick: (board: Board) => void }) {
  return (
    <ul className={styles.boards} aria-label={TEXTS.organizePins.pickTitle}>
      {boards.map((board) => (
        <li key={board.id}>
          <button type="button" className={styles.board} onClick={() => onPick(board)} disabled={disabled}>
            <span className={styles.boardCover} style={{ backgroundColor: board.cover_dominant_color ?? undefined }}>
              {(board.cover_images?.['236x']?.url ?? board.image_cover_url) && (
                <img src={board.cover_images?.['236x']?.url ?? board.image_cover_url ?? ''} alt="" />
              )}
            </span>
            <span className={styles.boardName}>{board.name}</span>
            {board.privacy === 'secret' && <Icon name="lock" size={16} label={TEXTS.board.secret} />}
          </button>
        </li>
      ))}
    </ul>
  );
}

function CreateBoardStep({
  pending,
  error,
  onBack,
  onCreate,
}: {
  pending: boolean;
  error: string | null;
  onBack: () => void;
  onCreate: (name: string, secret: boolean) => void;
}) {
  const [name, setName] = useState('');
  const [secret, setSecret] = useState(false);
  const [touched, setTouched] = useState(false);
  const trimmed = name.trim();
  const fieldError =
    touched && trimmed === ''
      ? MESSAGES.board.nameRequired
      : trimmed.length > BOARD_NAME_MAX
        ? interpolate(MESSAGES.board.tooLong, { maxLength: BOARD_NAME_MAX })
        : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (trimmed === '' || trimmed.length > BOARD_NAME_MAX || pending) return;
    onCreate(trimmed, secret);
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextInput
        label={TEXTS.board.nameLabel}
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setTouched(true);
        }}
        placeholder={MESSAGES.board.namePlaceholder}
        error={fieldError}
        autoFocus
      />
      <Checkbox label={MESSAGES.board.keepSecret} help={MESSAGES.board.keepSecretHelp} checked={secret} onChange={(event) => setSecret(event.target.checked)} />
      {error && <FormError>{error}</FormError>}
      <div className={styles.footer}>
        <Button variant="secondary" size="large" onPress={onBack} isDisabled={pending}>
          {TEXTS.organizePins.back}
        </Button>
        <Button type="submit" variant="primary" size="large" isDisabled={trimmed === '' || !!fieldError || pending}>
          {pending ? TEXTS.organizePins.moving : TEXTS.board.create}
        </Button>
      </div>
    </form>
  );
}
