import { useMemo, useRef, useState } from 'react';
import { Autocomplete, Header, Heading, Input, ListBox, ListBoxItem, ListBoxSection, SearchField, type Key } from 'react-aria-components';
import { BOARD_SEARCH_MIN_QUERY } from '@pinboard/shared/constants/limits';
import { MESSAGES } from '../../../lib/messages';
import { Avatar } from '../../../components/Avatar/Avatar';
import { Button, IconButton } from '../../../components/Button/Button';
import { Icon } from '../../../components/Icon/AllIcons';
import { Spinner } from '../../../components/Spinner/Spinner';
import { useActingProfile } from '../../../lib/actingProfile';
import { isApiError } from '../../../lib/api';
import { TEXTS } from '../../../lib/allTexts';
import { topicName } from '../../../lib/i18n';
import { useDebouncedValue } from '../../../lib/useDebouncedValue';
import type { Board } from '../../boards/boards.api';
import type { BoardPickerProps } from '../../boards/components/BoardPickerSlot';
import { CreateBoardForm } from '../../boards/components/CreateBoardDialog';
import { useSignedInViewer } from '../../session/session.queries';
import { useBoardTitleSuggestions, usePickerBoards, useShortlist } from '../picker.queries';
import styles from './BoardPicker.module.css';
import { BoardOption } from './BoardOption';
import { SectionsPanel } from './SectionsPanel';
import { AlreadySavedNote } from '../../pins/components/AlreadySavedNote';

type Detail = { kind: 'sections'; board: Board } | { kind: 'create' };

/** Title suggestions are asked for when the viewer has this many boards or fewer (docs/product/profiles-and-boards.md §9). */
const TITLE_SUGGESTIONS_MAX_BOARDS = 3;

/** Key of a list item: the Profile option, or a board in the top choices or in all boards. */
const keyOf = (group: 'top' | 'all', board: Board) => `${group}:${board.id}`;

function matches(board: Board, query: string): boolean {
  return board.name.toLocaleLowerCase().includes(query.toLocaleLowerCase());
}

/**
 * The board picker (docs/product/profiles-and-boards.md §2, §4, §9): 320 px wide, a search
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
  // Acting as a business, the Profile option saves to the business's profile: its avatar is the business's.
  const acting = useActingProfile(viewer?.id);
  const [query, setQuery] = useState('');
  const search = query.trim();
  const searching = search.length >= BOARD_SEARCH_MIN_QUERY;
  const serverQuery = useDebouncedValue(searching ? search : '', 200);
  const boards = usePickerBoards(serverQuery);
  const shortlist = useShortlist(pinId, { enabled: showTopChoices });
  const [detail, setDetail] = useState<Detail | null>(null);
  const [slid, setSlid] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);
  // Saving a Pin with 3 boards or fewer: the create-board step offers names derived from the Pin.
  const fewBoards = !serverQuery && !!boards.data && boards.data.all_boards.length <= TITLE_SUGGESTIONS_MAX_BOARDS;
  const titleSuggestions = useBoardTitleSuggestions(pinId, { enabled: mode === 'save' && fewBoards });
  const suggestedNames = useMemo(
    () => (titleSuggestions.data ?? []).map((s) => (s.metadata.kind === 'topic' ? topicName({ slug: s.metadata.value, name: s.title }) : s.title)),
    [titleSuggestions.data],
  );

  const all = useMemo(() => {
    const list = boards.data?.all_boards ?? [];
    return searching ? list.filter((board) => matches(board, search)) : list;
  }, [boards.data, searching, search]);
  const top = showTopChoices && !searching ? (shortlist.data ?? []).slice(0, 2) : [];
  // A board among the top choices is not listed again under All boards.
  const rest = top.length > 0 ? all.filter((board) => !top.some((chosen) => chosen.id === board.id)) : all;
  const byKey = new Map<Key, Board>([...top.map((b) => [keyOf('top', b), b] as const), ...rest.map((b) => [keyOf('all', b), b] as const)]);
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
          {/* Saving a Pin: the viewer's own boards that already have its picture or link (decision 095). */}
          {mode === 'save' && pinId && <AlreadySavedNote query={{ pin_id: pinId }} className={styles.alreadySaved} />}
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
                  renderEmptyState={() => <p className={styles.note}>{searching ? TEXTS.picker.noMatches({ query: search }) : TEXTS.picker.noBoards}</p>}
                >
                  {showProfileOption && !searching && viewer && (
                    <ListBoxSection className={styles.group}>
                      <Header className={styles.groupHeader}>{MESSAGES.board.quickSaveHeader}</Header>
                      <ListBoxItem id="profile" textValue={TEXTS.save.profile} className={styles.item}>
                        <span className={`${styles.thumb} ${styles.avatarThumb}`}>
                          {acting ? (
                            <Avatar name={acting.businessName || acting.username} imageUrl={acting.imgUrl} size={48} />
                          ) : (
                            <Avatar name={viewer.full_name || viewer.username} imageUrl={viewer.image_medium_url} size={48} />
                          )}
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
                  {rest.length > 0 && (
                    <ListBoxSection className={styles.group}>
                      <Header className={styles.groupHeader}>{TEXTS.picker.allBoards}</Header>
                      {rest.map((board) => (
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
                    nameSuggestions={suggestedNames}
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
