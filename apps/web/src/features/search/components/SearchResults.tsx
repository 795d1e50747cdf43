import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCount } from '../../../lib/i18n';
import { Avatar } from '../../../components/Avatar/Avatar';
import { Button } from '../../../components/Button/Button';
import { EmptyState } from '../../../components/EmptyState/EmptyState';
import { FeedSkeleton } from '../../../components/masonry/FeedSkeleton';
import { InfiniteSentinel } from '../../../components/masonry/InfiniteSentinel';
import { Masonry } from '../../../components/masonry/Masonry';
import { PinCard, estimatePinCardHeight } from '../../pins/components/PinCard';
import { Spinner } from '../../../components/Spinner/Spinner';
import { isApiError } from '../../../lib/api';
import { TEXTS } from '../../../lib/allTexts';
import { BoardGrid } from '../../boards/components/BoardGrid';
import { useSignedInViewer } from '../../session/session.queries';
import { FollowButton } from '../../social/components/FollowButton';
import type { SearchResults as Results, SearchScope } from '../search.api';
import { useSearchResults } from '../search.queries';
import styles from './Search.module.css';

export interface SearchResultsProps<S extends SearchScope> {
  query: string;
  scope: S;
  label: string;
  empty: ReactNode;
  /** Pins of a near dominant colour (#rrggbb). */
  color?: string | null;
  /** Where a corrected query leads ("Did you mean", decision 084); without it no correction is offered. */
  correctionUrl?: (query: string) => string;
}

/** One page of search results as Pins, boards or people, loading more as the reader nears the end. */
export function SearchResultList<S extends SearchScope>({ query, scope, label, empty, color = null, correctionUrl }: SearchResultsProps<S>) {
  const results = useSearchResults(query, scope, { color });

  if (results.isPending) return scope === 'boards' || scope === 'users' ? <Spinner /> : <FeedSkeleton />;
  if (!results.data) {
    return (
      <div className={styles.error} role="alert">
        <p>{isApiError(results.error) && results.error.message ? results.error.fullMessage : TEXTS.genericError}</p>
        <Button onPress={() => void results.refetch()}>{TEXTS.tryAgain}</Button>
      </div>
    );
  }
  const items = results.data.pages.flatMap((page) => page.data);
  const correction = results.data.pages[0]?.did_you_mean;
  if (items.length === 0 && !results.hasNextPage) {
    return (
      <>
        {correction && correctionUrl && (
          <p className={styles.didYouMean}>
            {TEXTS.search.didYouMean}{' '}
            <Link to={correctionUrl(correction)} className={styles.correction}>
              {correction}
            </Link>
          </p>
        )}
        {empty}
      </>
    );
  }

  return (
    <>
      {scope === 'boards' ? (
        <BoardGrid boards={items as Results['boards'][]} layout="square" label={label} />
      ) : scope === 'users' ? (
        <PeopleList people={items as Results['users'][]} label={label} />
      ) : (
        <Masonry
          items={items as Results['pins'][]}
          label={label}
          getKey={(pin) => pin.id}
          estimateHeight={(pin, width) => estimatePinCardHeight(pin, width)}
          renderItem={(pin, width) => <PinCard pin={pin} columnWidth={width} showBoardName />}
        />
      )}
      <InfiniteSentinel hasMore={results.hasNextPage} isLoading={results.isFetchingNextPage} onLoadMore={() => void results.fetchNextPage()} />
      {results.isFetchingNextPage && <Spinner label={TEXTS.loadingMore} showLabel={false} />}
    </>
  );
}

/** People found, each with Follow / Following (not for oneself; visitors get the login prompt). */
function PeopleList({ people, label }: { people: readonly Results['users'][]; label: string }) {
  const viewer = useSignedInViewer();
  return (
    <ul className={styles.people} aria-label={label}>
      {people.map((person) => {
        const name = person.full_name || person.username;
        return (
          <li key={person.id} className={styles.person}>
            <Link to={`/${person.username}/`} className={styles.personLink}>
              <Avatar name={name} imageUrl={person.image_medium_url} size={64} />
              <span className={styles.personText}>
                <span className={styles.personName}>{name}</span>
                <span className={styles.personMeta}>
                  @{person.username} · {person.follower_count === 1 ? TEXTS.search.follower : TEXTS.search.followers({ n: formatCount(person.follower_count) })}
                </span>
              </span>
            </Link>
            {/* A private profile is followed through its invite link, so only Following (to undo) shows for it. */}
            {viewer?.id !== person.id && (!person.is_private_profile || person.explicitly_followed_by_me) && (
              <FollowButton target={{ id: person.id, username: person.username, name }} followed={person.explicitly_followed_by_me} size="medium" />
            )}
          </li>
        );
      })}
    </ul>
  );
}

export function NoResults({ children }: { children: ReactNode }) {
  return <EmptyState illustration={false}>{children}</EmptyState>;
}
