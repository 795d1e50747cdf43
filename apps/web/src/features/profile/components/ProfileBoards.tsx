import { useState, type ReactNode } from 'react';
import { useCreateBoardDialog } from '../../boards/CreateBoardContext';
import { BoardGrid, type BoardLayout } from '../../boards/components/BoardGrid';
import { Button, ButtonLink } from '../../../components/Button/Button';
import { EmptyState } from '../../../components/EmptyState/EmptyState';
import { Spinner } from '../../../components/Spinner/Spinner';
import { TEXTS } from '../../../lib/texts';
import type { Board, BoardProfileGroup } from '../../boards/boards.api';
import { useMetadata, useUpdateMetadata } from '../../users/metadata.queries';
import { BoardSortMenu, useOwnerBoardSort } from '../../boards/components/BoardSortMenu';
import type { BoardFilter, ProfileDetails } from '../profile.api';
import { useProfileBoards } from '../profile.queries';
import { SingleChoice, type SegmentOption } from './Segmented';
import styles from './ProfileSections.module.css';

/** The overview shows the first 6 boards (docs/product/profiles-and-boards.md §9). */
const OVERVIEW_BOARDS = 6;

/** The profile board layout: the viewer's stored view type, else wide; visitors keep theirs for the visit. */
function useBoardLayout(signedIn: boolean): [BoardLayout, (layout: BoardLayout) => void] {
  const metadata = useMetadata();
  const update = useUpdateMetadata();
  const [local, setLocal] = useState<BoardLayout>('wide');
  if (!signedIn) return [local, setLocal];
  return [metadata.data?.profile_board_rep_view_type ?? 'wide', (layout) => update.mutate({ profile_board_rep_view_type: layout })];
}

function filterOptions(profile: ProfileDetails): SegmentOption<BoardFilter>[] {
  return [
    { id: 'NONE', label: TEXTS.profilePage.allBoards },
    { id: 'GROUP', label: TEXTS.profilePage.group },
    ...(profile.secret_board_count > 0 ? [{ id: 'SECRET' as const, label: TEXTS.profilePage.secret }] : []),
    ...(profile.archived_board_count > 0 ? [{ id: 'ARCHIVED' as const, label: TEXTS.profilePage.archived }] : []),
  ];
}

const LAYOUTS: readonly SegmentOption<BoardLayout>[] = [
  { id: 'square', label: TEXTS.profilePage.square, icon: 'dense' },
  { id: 'wide', label: TEXTS.profilePage.wide, icon: 'regular' },
];

function BoardControls({
  profile,
  isOwner,
  signedIn,
  filter,
  onFilter,
  layout,
  onLayout,
  extra,
}: {
  profile: ProfileDetails;
  isOwner: boolean;
  signedIn: boolean;
  filter: BoardFilter;
  onFilter: (filter: BoardFilter) => void;
  layout: BoardLayout;
  onLayout: (layout: BoardLayout) => void;
  extra?: ReactNode;
}) {
  return (
    <div className={styles.toolbar}>
      {isOwner ? <SingleChoice label={TEXTS.profilePage.boardFilters} options={filterOptions(profile)} value={filter} onChange={onFilter} /> : null}
      {(signedIn || isOwner) && <SingleChoice label={TEXTS.profilePage.boardLayout} options={LAYOUTS} value={layout} onChange={onLayout} iconsOnly />}
      {extra}
    </div>
  );
}

function isOnProfile(board: Board): boolean {
  return board.onProfile ?? (board.privacy !== 'protected' && !board.archived_by_me_at);
}

function groupOf(board: Board): BoardProfileGroup {
  return board.profileGroup ?? (board.archived_by_me_at ? 'archived' : board.privacy);
}

export interface ProfileBoardsProps {
  profile: ProfileDetails;
  isOwner: boolean;
  signedIn: boolean;
  /** The overview (first 6 boards, secret ones mixed in) or every board with the owner's labelled groups. */
  mode: 'overview' | 'all';
}

/** The boards of a profile, with the owner's filters and the layout choice. */
export function ProfileBoards({ profile, isOwner, signedIn, mode }: ProfileBoardsProps) {
  const [filter, setFilter] = useState<BoardFilter>('NONE');
  const [layout, setLayout] = useBoardLayout(signedIn);
  const [sort, setSort] = useOwnerBoardSort(isOwner);
  const boards = useProfileBoards(profile.username, filter, { sort });
  const { openCreateBoard } = useCreateBoardDialog();
  const list = boards.data?.pages.flatMap((page) => page.data) ?? [];

  const heading = (
    <div className={styles.sectionHeader}>
      <h2 id="profile-boards" className={styles.sectionHeading}>
        {TEXTS.profilePage.boardsHeading}
      </h2>
      <BoardControls
        profile={profile}
        isOwner={isOwner}
        signedIn={signedIn}
        filter={filter}
        onFilter={setFilter}
        layout={layout}
        onLayout={setLayout}
        extra={isOwner ? <BoardSortMenu sort={sort} onChange={setSort} size="small" /> : null}
      />
    </div>
  );

  let body;
  if (boards.isPending) body = <Spinner showLabel={false} />;
  else if (boards.isError) body = <p className={styles.quiet}>{TEXTS.genericError}</p>;
  else if (list.length === 0) {
    if (filter !== 'NONE') body = <p className={styles.quiet}>{TEXTS.profilePage.noFilteredBoards}</p>;
    else if (!isOwner) return null;
    else
      body = (
        <EmptyState
          illustration={false}
          action={
            <Button variant="primary" size="large" onPress={() => openCreateBoard()}>
              {TEXTS.profilePage.createBoard}
            </Button>
          }
        >
          {TEXTS.profilePage.noBoardsOwn}
        </EmptyState>
      );
  } else if (filter !== 'NONE') {
    body = <BoardGrid boards={list} layout={layout} label={TEXTS.profilePage.boardsHeading} />;
  } else if (mode === 'overview') {
    const onProfile = list.filter(isOnProfile);
    const shown = onProfile.slice(0, OVERVIEW_BOARDS);
    const more = list.length > shown.length || boards.hasNextPage;
    body = (
      <>
        {shown.length > 0 ? <BoardGrid boards={shown} layout={layout} label={TEXTS.profilePage.boardsHeading} /> : null}
        {more && (
          <div className={styles.more}>
            <ButtonLink to={`/${profile.username}/boards/`} variant="secondary">
              {TEXTS.profilePage.seeAllBoards}
            </ButtonLink>
          </div>
        )}
      </>
    );
  } else {
    const groups: { group: BoardProfileGroup; boards: Board[] }[] = [];
    const unlabeled = isOwner ? list.filter((board) => groupOf(board) === 'public') : list.filter(isOnProfile);
    for (const group of ['secret', 'protected', 'archived'] as const) {
      const inGroup = isOwner ? list.filter((board) => groupOf(board) === group) : [];
      if (inGroup.length > 0) groups.push({ group, boards: inGroup });
    }
    body = (
      <>
        {unlabeled.length > 0 && <BoardGrid boards={unlabeled} layout={layout} label={TEXTS.profilePage.boardsHeading} />}
        {groups.map(({ group, boards: inGroup }) => (
          <section key={group} className={styles.boardGroup} aria-labelledby={`board-group-${group}`}>
            <h3 id={`board-group-${group}`} className={styles.groupHeading}>
              {TEXTS.profilePage.boardGroups[group as Exclude<BoardProfileGroup, 'public'>]}
            </h3>
            <BoardGrid boards={inGroup} layout={layout} label={TEXTS.profilePage.boardGroups[group as Exclude<BoardProfileGroup, 'public'>]} />
          </section>
        ))}
        {boards.hasNextPage && (
          <div className={styles.more}>
            <Button variant="secondary" onPress={() => void boards.fetchNextPage()} isDisabled={boards.isFetchingNextPage}>
              {boards.isFetchingNextPage ? TEXTS.loading : TEXTS.profilePage.showMoreBoards}
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <section className={styles.section} aria-labelledby="profile-boards">
      {heading}
      {body}
    </section>
  );
}
