import { useMemo, useRef, useState, type FormEvent, type RefObject } from 'react';
import {
  Autocomplete,
  Button as AriaButton,
  Dialog,
  Header,
  Heading,
  Input,
  ListBox,
  ListBoxItem,
  ListBoxSection,
  Modal,
  ModalOverlay,
  Popover,
  SearchField,
  type Key,
  type PopoverProps,
} from 'react-aria-components';
import { BOARD_SEARCH_MIN_QUERY } from '@pinboard/shared/constants/limits';
import { MESSAGES } from '@pinboard/shared/constants/messages';
import { zSectionTitle } from '@pinboard/shared/schemas/sections';
import { Avatar } from '../../../components/Avatar/Avatar';
import { useHidePageBehind } from '../../../components/Modal/hidePageBehind';
import { Button, IconButton } from '../../../components/Button/Button';
import { TextInput } from '../../../components/Field/Field';
import { Icon } from '../../../components/Icon/AllIcons';
import { Spinner } from '../../../components/Spinner/Spinner';
import { isApiError } from '../../../lib/api';
import * as TEXTS from '../../../lib/allTexts';
import { useDebouncedValue } from '../../../lib/useDebouncedValue';
import { useMediaQuery } from '../../../lib/useMediaQuery';
import type { Board, BoardSource, Section } from '../../boards/boards.api';
import { useCreateSection, useRepinSections } from '../../boards/boards.queries';
import { CreateBoardForm } from '../../boards/components/CreateBoardDialog';
import { useSignedInViewer } from '../../session/session.queries';
import { usePickerBoards, useShortlist } from '../picker.queries';
import styles from './BoardPicker.module.css';

/** What was picked: the profile (a quick save without a board), or a board and maybe one of its sections. */
export type PickTarget = { kind: 'profile' } | { kind: 'board'; board: Board; section: Section | null };

export interface BoardPickerProps {
  /** 'save' saves a Pin (heading Save); 'move' moves selected Pins (heading Move to). */
  mode: 'save' | 'move';
  /** The Pin being saved, for the top suggestions. */
  pinId?: string | null;
  /** The Profile option under 'Quick save and organize later'. */
  showProfileOption?: boolean;
  /** The two top suggestions above all boards. */
  showTopChoices?: boolean;
  /** Targets that cannot be picked (e.g. where the Pins already are). */
  isTargetDisabled?: (board: Board, section: Section | null) => boolean;
  /** Where a board made in the picker comes from. */
  createSource?: BoardSource;
  onPick: (target: PickTarget) => void;
}

type Detail = { kind: 'sections'; board: Board } | { kind: 'create' };

/** Key of a list item: the Profile option, or a board in the top choices or in all boards. */
const keyOf = (group: 'top' | 'all', board: Board) => `${group}:${board.id}`;

function matches(board: Board, query: string): boolean {
  return board.name.toLocaleLowerCase().includes(query.toLocaleLowerCase());
}

/**
 * The board picker (profiles-and-boards §2, §4, §9): 320 px wide, a search
 * box that filters from the minimum query length on, the Profile option and
 * top suggestions, all boards, and a create-board button. Picking a board
 * with sections slides (0.5 s) to its sections, with a back button and a
 * Create section button; picking the board there again closes them.
 *
 * Keyboard: focus stays in the search box while the arrow keys move through
 * the list (a combobox-like autocomplete); Enter picks.
 */
export function BoardPicker({
  mode,
  pinId = null,
  showProfileOption = false,
  showTopChoices = false,
  isTargetDisabled,
  createSource = 'board_picker',
  onPick,
}: BoardPickerProps) {
  const viewer = useSignedInViewer();
  const [query, setQuery] = useState('');
  const search = query.trim();
  const searching = search.length >= BOARD_SEARCH_MIN_QUERY;
  const serverQuery = useDebouncedValue(searching ? search : '', 200);
  const boards = usePickerBoards(serverQuery);
  const shortlist = useShortlist(pinId, { enabled: showTopChoices });
  const [detail, setDetail] = useState<Detail | null>(null);
  const [slid, setSlid] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);

  const all = useMemo(() => {
    const list = boards.data?.all_boards ?? [];
    return searching ? list.filter((board) => matches(board, search)) : list;
  }, [boards.data, searching, search]);
  const top = showTopChoices && !searching ? (shortlist.data ?? []).slice(0, 2) : [];
  const byKey = new Map<Key, Board>([...top.map((b) => [keyOf('top', b), b] as const), ...all.map((b) => [keyOf('all', b), b] as const)]);
  const disabledKeys = [...byKey].filter(([, board]) => board.section_count === 0 && isTargetDisabled?.(board, null)).map(([key]) => key);

  const open = (next: Detail) => {
    setDetail(next);
    setSlid(true);
  };
  const back = () => {
    // The detail panel stays filled while it slides out (see onTransitionEnd).
    setSlid(false);
    searchRef.current?.focus();
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) setDetail(null);
  };

  const onAction = (key: Key) => {
    if (key === 'profile') {
      onPick({ kind: 'profile' });
      return;
    }
    const board = byKey.get(key);
    if (!board) return;
    if (board.section_count > 0) open({ kind: 'sections', board });
    else onPick({ kind: 'board', board, section: null });
  };

  const heading = mode === 'save' ? TEXTS.picker.saveHeading : TEXTS.picker.moveHeading;

  return (
    <div className={styles.viewport}>
      <div
        className={styles.track}
        data-slid={slid || undefined}
        onTransitionEnd={(event) => {
          // Once the detail panel has slid out, it is emptied.
          if (event.target === event.currentTarget && !slid) setDetail(null);
        }}
      >
        <div className={styles.panel} inert={slid}>
          <Heading slot="title" className={styles.heading}>
            {heading}
          </Heading>
          <Autocomplete inputValue={query} onInputChange={setQuery}>
            <SearchField aria-label={TEXTS.picker.searchLabel} className={styles.search} autoFocus>
              <Icon name="search" size={16} className={styles.searchIcon} />
              <Input ref={searchRef} placeholder={TEXTS.picker.searchPlaceholder} className={styles.searchInput} />
            </SearchField>
            <div className={styles.list}>
              {boards.isPending ? (
                <Spinner />
              ) : boards.isError && !boards.data ? (
                <p className={styles.note} role="alert">
                  {isApiError(boards.error) && boards.error.message ? boards.error.message : TEXTS.picker.loadFailed}
                </p>
              ) : (
                <ListBox
                  aria-label={TEXTS.picker.boardsLabel}
                  className={styles.listBox}
                  onAction={onAction}
                  disabledKeys={disabledKeys}
                  renderEmptyState={() => (
                    <p className={styles.note}>{searching ? TEXTS.picker.noMatches(search) : TEXTS.picker.noBoards}</p>
                  )}
                >
                  {showProfileOption && !searching && viewer && (
                    <ListBoxSection className={styles.group}>
                      <Header className={styles.groupHeader}>{MESSAGES.board.quickSaveHeader}</Header>
                      <ListBoxItem id="profile" textValue={TEXTS.save.profile} className={styles.item}>
                        <span className={`${styles.thumb} ${styles.avatarThumb}`}>
                          <Avatar name={viewer.full_name || viewer.username} imageUrl={viewer.image_medium_url} size={48} />
                        </span>
                        <span className={styles.itemName}>{TEXTS.save.profile}</span>
                        <span className={styles.pickHint} aria-hidden="true">
                          {TEXTS.save.save}
                        </span>
                      </ListBoxItem>
                    </ListBoxSection>
                  )}
                  {top.length > 0 && (
                    <ListBoxSection className={styles.group}>
                      <Header className={styles.groupHeader}>{TEXTS.picker.topChoices}</Header>
                      {top.map((board) => (
                        <BoardOption key={keyOf('top', board)} id={keyOf('top', board)} board={board} mode={mode} />
                      ))}
                    </ListBoxSection>
                  )}
                  {all.length > 0 && (
                    <ListBoxSection className={styles.group}>
                      <Header className={styles.groupHeader}>{TEXTS.picker.allBoards}</Header>
                      {all.map((board) => (
                        <BoardOption key={keyOf('all', board)} id={keyOf('all', board)} board={board} mode={mode} />
                      ))}
                    </ListBoxSection>
                  )}
                </ListBox>
              )}
            </div>
          </Autocomplete>
          <div className={styles.footer}>
            <Button variant="secondary" fullWidth onPress={() => open({ kind: 'create' })}>
              <Icon name="plus" size={18} />
              {TEXTS.picker.createBoard}
            </Button>
          </div>
        </div>
        <div className={styles.panel} inert={!slid}>
          {detail?.kind === 'sections' && (
            <SectionsPanel
              key={detail.board.id}
              board={detail.board}
              mode={mode}
              isTargetDisabled={isTargetDisabled}
              onBack={back}
              onPick={(section) => onPick({ kind: 'board', board: detail.board, section })}
            />
          )}
          {detail?.kind === 'create' && (
            <div className={styles.createPanel}>
              <div className={styles.detailHeader}>
                <IconButton label={TEXTS.picker.back} onPress={back}>
                  <Icon name="chevronLeft" size={20} />
                </IconButton>
                <h3 className={styles.detailTitle}>{TEXTS.board.dialogTitle}</h3>
              </div>
              <div className={styles.createBody}>
                {slid && (
                  <CreateBoardForm
                    compact
                    source={createSource}
                    navigateOnCreate={false}
                    onCancel={back}
                    onCreated={(board) => onPick({ kind: 'board', board, section: null })}
                  />
                )}
              </div>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

function BoardCover({ board }: { board: Board }) {
  const cover = board.cover_images?.['236x']?.url ?? board.image_cover_url;
  return (
    <span className={styles.thumb} style={{ backgroundColor: board.cover_dominant_color ?? undefined }}>
      {cover && <img src={cover} alt="" loading="lazy" />}
    </span>
  );
}

function BoardOption({ id, board, mode }: { id: string; board: Board; mode: 'save' | 'move' }) {
  const hasSections = board.section_count > 0;
  return (
    <ListBoxItem id={id} textValue={board.name} className={styles.item}>
      <BoardCover board={board} />
      <span className={styles.itemText}>
        <span className={styles.itemName}>{board.name}</span>
        {hasSections && <span className={styles.itemMeta}>{TEXTS.picker.hasSections(board.section_count)}</span>}
      </span>
      {board.privacy === 'secret' && <Icon name="lock" size={16} label={TEXTS.board.secret} className={styles.lock} />}
      {hasSections ? (
        <Icon name="chevronRight" size={18} className={styles.chevron} />
      ) : (
        <span className={styles.pickHint} aria-hidden="true">
          {mode === 'save' ? TEXTS.save.save : TEXTS.organize.move}
        </span>
      )}
    </ListBoxItem>
  );
}

function SectionsPanel({
  board,
  mode,
  isTargetDisabled,
  onBack,
  onPick,
}: {
  board: Board;
  mode: 'save' | 'move';
  isTargetDisabled: BoardPickerProps['isTargetDisabled'];
  onBack: () => void;
  onPick: (section: Section | null) => void;
}) {
  const sections = useRepinSections(board.id);
  const [creating, setCreating] = useState(false);
  const list = sections.data ?? [];
  const byId = new Map(list.map((section) => [section.id, section]));
  const disabledKeys = [
    ...(isTargetDisabled?.(board, null) ? ['board'] : []),
    ...list.filter((section) => isTargetDisabled?.(board, section)).map((section) => section.id),
  ];

  return (
    <div className={styles.sectionsPanel}>
      <div className={styles.detailHeader}>
        <IconButton label={TEXTS.picker.back} onPress={onBack}>
          <Icon name="chevronLeft" size={20} />
        </IconButton>
        {/* Picking the board again closes its sections. */}
        <AriaButton className={styles.openBoard} aria-expanded="true" aria-label={TEXTS.picker.closeSections(board.name)} onPress={onBack}>
          <BoardCover board={board} />
          <h3 className={styles.detailTitle}>{board.name}</h3>
          <Icon name="chevronDown" size={18} className={styles.chevronOpen} />
        </AriaButton>
      </div>
      <div className={styles.list}>
        {sections.isPending ? (
          <Spinner />
        ) : sections.isError ? (
          <p className={styles.note} role="alert">
            {isApiError(sections.error) && sections.error.message ? sections.error.message : TEXTS.picker.loadFailed}
          </p>
        ) : (
          <ListBox
            aria-label={TEXTS.picker.sectionsLabel(board.name)}
            className={styles.listBox}
            autoFocus="first"
            disabledKeys={disabledKeys}
            onAction={(key) => onPick(key === 'board' ? null : (byId.get(String(key)) ?? null))}
          >
            <ListBoxItem id="board" textValue={`${board.name}, ${TEXTS.picker.boardItself}`} className={styles.item}>
              <span className={styles.thumb} aria-hidden="true">
                <Icon name="board" size={20} />
              </span>
              <span className={styles.itemText}>
                <span className={styles.itemName}>{board.name}</span>
                <span className={styles.itemMeta}>{TEXTS.picker.boardItself}</span>
              </span>
              <span className={styles.pickHint} aria-hidden="true">
                {mode === 'save' ? TEXTS.save.save : TEXTS.organize.move}
              </span>
            </ListBoxItem>
            {list.map((section) => (
              <ListBoxItem key={section.id} id={section.id} textValue={section.title} className={styles.item}>
                <span className={styles.thumb}>{section.preview_pins[0] && <img src={section.preview_pins[0].image_square_url} alt="" />}</span>
                <span className={styles.itemText}>
                  <span className={styles.itemName}>{section.title}</span>
                </span>
                <span className={styles.pickHint} aria-hidden="true">
                  {mode === 'save' ? TEXTS.save.save : TEXTS.organize.move}
                </span>
              </ListBoxItem>
            ))}
          </ListBox>
        )}
      </div>
      <div className={styles.footer}>
        {creating ? (
          <CreateSectionForm boardId={board.id} onCancel={() => setCreating(false)} onCreated={(section) => onPick(section)} />
        ) : (
          <Button variant="secondary" fullWidth onPress={() => setCreating(true)}>
            <Icon name="plus" size={18} />
            {TEXTS.picker.createSection}
          </Button>
        )}
      </div>
    </div>
  );
}

/** A section name (required, at most the section title limit), then the section is made. */
export function CreateSectionForm({
  boardId,
  onCancel,
  onCreated,
  autoFocus = true,
}: {
  boardId: string;
  onCancel: () => void;
  onCreated: (section: Section) => void;
  autoFocus?: boolean;
}) {
  const createSection = useCreateSection();
  const [title, setTitle] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const parsed = zSectionTitle.safeParse(title);
  const error = serverError ?? (touched && !parsed.success ? (parsed.error.issues[0]?.message ?? null) : null);
  const canSubmit = parsed.success && !serverError && !createSection.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!parsed.success || createSection.isPending) return;
    createSection.mutate(
      { boardId, title: parsed.data },
      {
        onSuccess: onCreated,
        onError: (failure) => setServerError(isApiError(failure) && failure.fullMessage ? failure.fullMessage : MESSAGES.board.somethingWentWrong),
      },
    );
  };

  return (
    <form className={styles.sectionForm} onSubmit={submit} noValidate>
      <TextInput
        label={TEXTS.picker.sectionName}
        placeholder={TEXTS.picker.sectionPlaceholder}
        value={title}
        autoFocus={autoFocus}
        autoComplete="off"
        error={error}
        onChange={(event) => {
          setTitle(event.target.value);
          setTouched(true);
          setServerError(null);
        }}
      />
      <div className={styles.sectionActions}>
        <Button variant="secondary" onPress={onCancel} isDisabled={createSection.isPending}>
          {TEXTS.picker.cancel}
        </Button>
        <Button type="submit" variant="primary" isDisabled={!canSubmit}>
          {TEXTS.picker.create}
        </Button>
      </div>
    </form>
  );
}

export interface BoardPickerPopoverProps extends BoardPickerProps {
  triggerRef: RefObject<Element | null>;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  placement?: PopoverProps['placement'];
}

/**
 * The picker as a flyout beside its trigger (Escape or a click outside
 * closes it); on phones, where a 320 × 498 flyout does not fit beside
 * anything, as a sheet from the bottom of the screen.
 */
export function BoardPickerPopover({ triggerRef, isOpen, onOpenChange, placement = 'bottom', ...picker }: BoardPickerPopoverProps) {
  const phone = useMediaQuery('(max-width: 599px)');
  const label = picker.mode === 'save' ? TEXTS.save.chooseBoard : TEXTS.picker.moveHeading;
  const sheetRef = useRef<HTMLDivElement>(null);
  useHidePageBehind(phone && isOpen, sheetRef);
  if (phone) {
    return (
      <ModalOverlay ref={sheetRef} isOpen={isOpen} onOpenChange={onOpenChange} isDismissable className={styles.sheetOverlay}>
        <Modal className={styles.sheet}>
          <Dialog className={styles.dialog} aria-label={label}>
            <BoardPicker {...picker} />
          </Dialog>
        </Modal>
      </ModalOverlay>
    );
  }
  return (
    <Popover triggerRef={triggerRef} isOpen={isOpen} onOpenChange={onOpenChange} placement={placement} offset={8} className={styles.popover}>
      <Dialog className={styles.dialog} aria-label={label}>
        <BoardPicker {...picker} />
      </Dialog>
    </Popover>
  );
}
