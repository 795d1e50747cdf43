import { Link } from 'react-router';
import { formatCount } from '../../../lib/i18n';
import { Avatar } from '../../../components/Avatar/Avatar';
import { Button } from '../../../components/Button/Button';
import { EmptyState } from '../../../components/EmptyState/EmptyState';
import { Modal } from '../../../components/Modal/Modal';
import { Spinner } from '../../../components/Spinner/Spinner';
import { TEXTS } from '../../../lib/allTexts';
import { useSignedInViewer } from '../../session/session.queries';
import type { FollowDirection } from '../social.api';
import { followListEmptyText } from '../followListEmpty';
import { useFollowList } from '../social.queries';
import { FollowButton } from './FollowButton';
import styles from './FollowList.module.css';

export interface FollowListProps {
  username: string;
  direction: FollowDirection;
  /** The profile's name, for the empty state of someone else's list. */
  name: string;
  isOwner: boolean;
  /** The owner has boards (their empty followers list then speaks of boards). */
  ownerHasBoards?: boolean;
}

function followerLine(count: number): string {
  return count === 1 ? TEXTS.search.follower : TEXTS.search.followers({ n: formatCount(count) });
}

/** Followers or following of a profile, each with Follow (not for oneself). */
export function FollowList(props: FollowListProps) {
  return (
    <>
      {props.direction === 'following' && (
        <p className={styles.topicsLink}>
          <Link to={`/${props.username}/topics/`}>{TEXTS.topics.followedTopics}</Link>
        </p>
      )}
      <FollowPeople {...props} />
    </>
  );
}

/** Following lists people; the topics a person follows are on their topics tab, linked above. */
function FollowPeople({ username, direction, name, isOwner, ownerHasBoards = false }: FollowListProps) {
  const viewer = useSignedInViewer();
  const list = useFollowList(username, direction);

  if (list.isPending) return <Spinner />;
  if (list.isError) return <p className={styles.quiet}>{TEXTS.genericError}</p>;
  const people = list.data.pages.flatMap((page) => page.data);
  if (people.length === 0) {
    const text = followListEmptyText(direction, { isOwner, name, ownerHasBoards });
    return <EmptyState illustration={false}>{text}</EmptyState>;
  }

  return (
    <>
      <ul className={styles.list}>
        {people.map((person) => {
          const personName = person.full_name || person.username;
          return (
            <li key={person.id} className={styles.row}>
              <Link to={`/${person.username}/`} className={styles.person}>
                <Avatar name={personName} imageUrl={person.image_medium_url} size={48} />
                <span className={styles.text}>
                  <span className={styles.name}>{personName}</span>
                  <span className={styles.meta}>{followerLine(person.follower_count)}</span>
                </span>
              </Link>
              {viewer && viewer.id !== person.id && (
                <FollowButton
                  target={{ id: person.id, username: person.username, name: personName }}
                  followed={person.explicitly_followed_by_me}
                  size="medium"
                />
              )}
            </li>
          );
        })}
      </ul>
      {list.hasNextPage && (
        <div className={styles.more}>
          <Button variant="secondary" onPress={() => void list.fetchNextPage()} isDisabled={list.isFetchingNextPage}>
            {list.isFetchingNextPage ? TEXTS.loading : TEXTS.profilePage.loadMore}
          </Button>
        </div>
      )}
    </>
  );
}

export interface FollowListModalProps extends FollowListProps {
  title: string;
  isOpen: boolean;
  onClose: () => void;
}

/** The followers/following modal (desktop, signed in). */
export function FollowListModal({ title, isOpen, onClose, ...list }: FollowListModalProps) {
  return (
    <Modal isOpen={isOpen} onOpenChange={(open) => !open && onClose()} title={title}>
      <FollowList {...list} />
    </Modal>
  );
}
