import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '../../../lib/messages';
import { Button, PlainButton } from '../../../components/Button/Button';
import { Icon } from '../../../components/Icon/Icon';
import { showToast } from '../../../components/Toast/toasts';
import { isApiError } from '../../../lib/api';
import { randomId } from '../../../lib/ids';
import { TEXTS } from '../../../lib/texts';
import { pickerKeys } from '../../../lib/boardKeys';
import { fetchShortlist } from '../picker.api';
import type { PickTarget } from '../../boards/boards.api';
import { BoardPickerPopover, LoginPrompt } from '../../../overlays';
import { useShortlist } from '../picker.queries';
import type { SignedInViewer } from '../../session/session.api';
import { useViewer } from '../../session/session.queries';
import type { SavePinProps } from '../../pins/components/SavePinSlot';
import { useRepin } from '../../pins/save.queries';
import styles from './SavePin.module.css';
import { recordUnauthEvent } from '../../../lib/upsell';
import { recordPromotedEvent } from '../../../lib/promotedEvents';

/** The board picker shows only while the viewer has fewer boards than this (docs/product/profiles-and-boards.md §6). */
const PICKER_MAX_BOARDS = 5;
/** With fewer boards than this, the picker offers the Profile option (docs/product/profiles-and-boards.md §9). */
const PROFILE_OPTION_MAX_BOARDS = 3;

export type SaveMode = 'profile' | 'picker' | 'recent-board';

/**
 * What Save does for this viewer (save_behavior: docs/product/profiles-and-boards.md §3, §6):
 * save_behavior 0 saves to the profile at once; 1 shows the board picker,
 * but only while the viewer has fewer than 5 boards.
 *
 * Our reading of "shows the board picker only when the user has fewer than
 * 5 boards": with 5 or more boards Save does not stop to ask; it saves
 * straight to the board the viewer used most recently (the first board of
 * the shortlist) and says so in a toast with the board's name. The picker
 * stays one click away on the board-name button beside Save, so any other
 * board can still be chosen.
 */
function saveModeFor(viewer: Pick<SignedInViewer, 'save_behavior' | 'boardCount'>): SaveMode {
  if (viewer.save_behavior === 0) return 'profile';
  return viewer.boardCount < PICKER_MAX_BOARDS ? 'picker' : 'recent-board';
}

/**
 * Save for one Pin: the Save button and, where Save does not open the picker,
 * a board-name button that does. Signed-out visitors get the login prompt.
 * Pin cards and the Pin page show it through SavePinSlot (features/pins).
 */
export function SavePin({ pin, appearance }: SavePinProps) {
  const { data: viewer } = useViewer();
  const signedIn = viewer?.isAuth ? viewer : null;
  const queryClient = useQueryClient();
  const repin = useRepin();
  const saveRef = useRef<HTMLButtonElement>(null);
  const boardRef = useRef<HTMLButtonElement>(null);
  const [pickerFrom, setPickerFrom] = useState<'save' | 'board' | null>(null);
  const [sessionId, setSessionId] = useState('');
  const [loginOpen, setLoginOpen] = useState(false);
  const [savedTo, setSavedTo] = useState<string | null>(null);
  const mode = signedIn ? saveModeFor(signedIn) : null;
  const recent = useShortlist(null, { enabled: mode === 'recent-board' });
  const recentBoard = recent.data?.[0] ?? null;

  const openPicker = (from: 'save' | 'board') => {
    // A new save session each time the picker opens (docs/product/profiles-and-boards.md §4).
    setSessionId(randomId());
    setPickerFrom(from);
  };

  const save = (target: PickTarget, saveSessionId?: string) => {
    if (repin.isPending) return;
    const input =
      target.kind === 'profile'
        ? { pin_id: pin.id, save_session_id: saveSessionId }
        : { pin_id: pin.id, board_id: target.board.id, section_id: target.section?.id, save_session_id: saveSessionId };
    repin.mutate(input, {
      onSuccess: () => {
        recordPromotedEvent(pin, 'save');
        setPickerFrom(null);
        const name = target.kind === 'profile' ? null : (target.section?.title ?? target.board.name);
        setSavedTo(name ?? TEXTS.save.profile);
        showToast(name ? TEXTS.save.savedTo({ name }) : TEXTS.save.savedToProfile, { thumbnailUrl: pin.images['236x']?.url });
      },
      onError: (error) => {
        showToast(isApiError(error) && error.fullMessage ? error.fullMessage : MESSAGES.board.somethingWentWrong, { tone: 'error' });
      },
    });
  };

  const onSave = async () => {
    if (!signedIn) {
      recordUnauthEvent(appearance === 'closeup' ? 'closeup_save' : 'pin_save');
      setLoginOpen(true);
      return;
    }
    if (mode === 'profile') {
      save({ kind: 'profile' });
      return;
    }
    if (mode === 'picker') {
      openPicker('save');
      return;
    }
    const board =
      recentBoard ?? (await queryClient.fetchQuery({ queryKey: pickerKeys.shortlist(null), queryFn: () => fetchShortlist(null) }).catch(() => []))[0];
    if (board) save({ kind: 'board', board, section: null });
    else openPicker('save');
  };

  const boardButtonLabel = mode === 'profile' ? TEXTS.save.profile : mode === 'recent-board' ? (recentBoard?.name ?? null) : null;
  const saved = savedTo !== null;

  return (
    <div
      className={styles.save}
      data-appearance={appearance}
      data-open={pickerFrom ? true : undefined}
      data-has-board-button={signedIn && boardButtonLabel ? true : undefined}
    >
      {signedIn && boardButtonLabel && (
        <PlainButton
          ref={boardRef}
          className={styles.boardButton}
          aria-label={`${TEXTS.save.chooseBoard}: ${boardButtonLabel}`}
          aria-expanded={pickerFrom === 'board'}
          onPointerEnter={BoardPickerPopover.prefetch}
          onPress={() => openPicker('board')}
        >
          <span className={styles.boardName}>{boardButtonLabel}</span>
          <Icon name="chevronDown" size={16} />
        </PlainButton>
      )}
      <Button
        ref={saveRef}
        variant={saved ? 'dark' : 'primary'}
        size={appearance === 'closeup' ? 'large' : 'medium'}
        className={styles.saveButton}
        aria-expanded={mode === 'picker' ? pickerFrom === 'save' : undefined}
        isDisabled={repin.isPending}
        onPointerEnter={!signedIn ? LoginPrompt.prefetch : mode === 'profile' ? undefined : BoardPickerPopover.prefetch}
        onPress={() => void onSave()}
      >
        {repin.isPending ? TEXTS.save.saving : saved ? TEXTS.save.saved : TEXTS.save.save}
      </Button>
      {/* Mounted only while open: a feed has many cards and each would carry a closed flyout. */}
      {signedIn && pickerFrom !== null && (
        <BoardPickerPopover
          triggerRef={pickerFrom === 'board' ? boardRef : saveRef}
          isOpen={pickerFrom !== null}
          onOpenChange={(open) => {
            if (!open) setPickerFrom(null);
          }}
          // Beside a card's Save button there is always the screen's height to spare.
          placement={appearance === 'card' ? 'end top' : 'bottom'}
          mode="save"
          pinId={pin.id}
          showProfileOption={signedIn.boardCount < PROFILE_OPTION_MAX_BOARDS}
          showTopChoices={signedIn.boardCount >= PROFILE_OPTION_MAX_BOARDS}
          onPick={(target) => save(target, sessionId)}
        />
      )}
      {loginOpen && <LoginPrompt isOpen onOpenChange={setLoginOpen} title={MESSAGES.loginPrompt.savePin} />}
    </div>
  );
}
