import { useParams } from 'react-router';
import { MESSAGES } from '@pinboard/shared/constants/messages';
import { interpolate } from '@pinboard/shared/text/interpolate';
import { isExternalLinkSafe } from '@pinboard/shared/text/links';
import { formatShortNumber } from '@pinboard/shared/text/numbers';
import { useCreateBoardDialog } from '../components/AppShell/CreateBoardContext';
import { Avatar } from '../components/Avatar/Avatar';
import { BoardCard } from '../components/BoardCard/BoardCard';
import { Button, ButtonLink } from '../components/Button/Button';
import { EmptyState } from '../components/EmptyState/EmptyState';
import { Icon } from '../components/Icon/Icon';
import { NotFoundView } from '../components/NotFoundView/NotFoundView';
import { Spinner } from '../components/Spinner/Spinner';
import { useUserBoards } from '../features/boards/boards.queries';
import { PinFeed } from '../features/feeds/components/PinFeed';
import { useSignedInViewer } from '../features/session/session.queries';
import type { Profile } from '../features/users/users.api';
import { useProfile } from '../features/users/users.queries';
import { isApiError } from '../lib/api';
import { linkDomain } from '../lib/pinText';
import { TEXTS } from '../lib/texts';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import styles from './ProfileRoute.module.css';

export function ProfileRoute() {
  const { username = '' } = useParams();
  const profile = useProfile(username);
  const viewer = useSignedInViewer();
  useDocumentTitle(profile.data ? `${profile.data.full_name} (${profile.data.username})` : null);

  if (profile.isError) {
    if (isApiError(profile.error) && (profile.error.isNotFound || profile.error.httpStatus === 400)) return <NotFoundView />;
    throw profile.error;
  }
  if (!profile.data) return <Spinner label={MESSAGES.profile.loading} />;

  const user = profile.data;
  const isOwner = viewer?.id === user.id;
  const hidden = user.is_private_profile && !isOwner && !user.explicitly_followed_by_me;

  return (
    <>
      <ProfileHeader user={user} />
      {hidden ? (
        <div className={styles.private}>
          <Icon name="lock" size={32} />
          <h2>{MESSAGES.profile.privateTitle}</h2>
          <p className={styles.quiet}>{MESSAGES.profile.privateBody}</p>
        </div>
      ) : (
        <>
          <ProfileBoards user={user} isOwner={isOwner} />
          <section className={styles.section} aria-labelledby="profile-pins">
            <h2 id="profile-pins" className={styles.sectionHeading}>
              {TEXTS.profile.pinsHeading}
            </h2>
            <PinFeed
              source={{ kind: 'user', username: user.username }}
              label={TEXTS.profile.pinsHeading}
              showBoardNames
              empty={
                <EmptyState
                  action={
                    isOwner ? (
                      <ButtonLink to="/pin-creation-tool/" variant="primary" size="large">
                        {TEXTS.feed.createPin}
                      </ButtonLink>
                    ) : undefined
                  }
                >
                  {isOwner
                    ? MESSAGES.emptyState.youHaveNoSavedPins
                    : interpolate(MESSAGES.emptyState.userHasNoSavedPins, { name: user.full_name || user.username })}
                </EmptyState>
              }
            />
          </section>
        </>
      )}
    </>
  );
}

function ProfileHeader({ user }: { user: Profile }) {
  const name = user.full_name || user.username;
  const following = Math.max(0, user.following_count - (user.interest_following_count ?? 0));
  const followers = interpolate(user.follower_count === 1 ? MESSAGES.profile.followersOne : MESSAGES.profile.followersOther, {
    n: formatShortNumber(user.follower_count),
  });
  const website = user.website_url && isExternalLinkSafe(user.website_url) ? user.website_url : null;

  return (
    <header className={styles.header}>
      <Avatar name={name} imageUrl={user.image_medium_url} colorIndex={user.avatar_color_index} size={120} alt={TEXTS.profile.avatarAlt(name)} />
      <h1 className={styles.name}>{name}</h1>
      <p className={styles.username}>@{user.username}</p>
      {user.about && <p className={styles.about}>{user.about}</p>}
      {(website || user.location) && (
        <p className={styles.extra}>
          {website && (
            <a href={website} target="_blank" rel="nofollow noopener noreferrer">
              {linkDomain(website) ?? website}
            </a>
          )}
          {user.location && <span>{user.location}</span>}
        </p>
      )}
      <p className={styles.counts}>
        {followers} · {interpolate(MESSAGES.profile.following, { n: formatShortNumber(following) })}
      </p>
    </header>
  );
}

function ProfileBoards({ user, isOwner }: { user: Profile; isOwner: boolean }) {
  const boards = useUserBoards(user.username);
  const { openCreateBoard } = useCreateBoardDialog();
  const list = boards.data?.pages.flatMap((page) => page.data) ?? [];

  if (boards.isPending) return <Spinner />;
  if (boards.isError) return null;
  if (list.length === 0) {
    if (!isOwner) return null;
    return (
      <section className={styles.section} aria-labelledby="profile-boards">
        <h2 id="profile-boards" className={styles.sectionHeading}>
          {TEXTS.profile.boardsHeading}
        </h2>
        <EmptyState
          illustration={false}
          action={
            <Button variant="primary" size="large" onPress={() => openCreateBoard()}>
              {TEXTS.profile.createBoard}
            </Button>
          }
        >
          {TEXTS.profile.noBoardsOwn}
        </EmptyState>
      </section>
    );
  }

  return (
    <section className={styles.section} aria-labelledby="profile-boards">
      <h2 id="profile-boards" className={styles.sectionHeading}>
        {TEXTS.profile.boardsHeading}
      </h2>
      <ul className={styles.boards}>
        {list.map((board) => (
          <li key={board.id}>
            <BoardCard board={board} />
          </li>
        ))}
      </ul>
      {boards.hasNextPage && (
        <div className={styles.moreBoards}>
          <Button variant="secondary" onPress={() => void boards.fetchNextPage()} isDisabled={boards.isFetchingNextPage}>
            {boards.isFetchingNextPage ? TEXTS.loading : TEXTS.profile.showMoreBoards}
          </Button>
        </div>
      )}
    </section>
  );
}
