import { useState, type ReactNode } from 'react';
import { MESSAGES } from '../../../lib/messages';
import { EmptyState } from '../../../components/EmptyState/EmptyState';
import { FeedSkeleton } from '../../../components/masonry/FeedSkeleton';
import { PinCard } from '../../pins/components/PinCard';
import { FeedError, feedPins, PinMasonry } from '../../feeds/components/FeedParts';
import { TEXTS } from '../../../lib/texts';
import { useFeed } from '../../feeds/feeds.queries';
import type { Density } from '../../users/metadata.api';
import { useMetadata, useUpdateMetadata } from '../../users/metadata.queries';
import type { FeedSource } from '../../feeds/feeds.api';
import { pinFlagFilter, type PinFilter } from '../profileRules';
import { MultiChoice, SingleChoice, type SegmentOption } from './Segmented';
import styles from './ProfileSections.module.css';

const DENSITIES: readonly SegmentOption<Density>[] = [
  { id: 'regular', label: TEXTS.profilePage.regular, icon: 'regular' },
  { id: 'dense', label: TEXTS.profilePage.dense, icon: 'dense' },
];

const FILTERS: readonly SegmentOption<PinFilter>[] = [
  { id: 'favorites', label: TEXTS.profilePage.favorites },
  { id: 'created', label: TEXTS.profilePage.createdByYou },
];

/** Pin density: the signed-in viewer's stored profile_pin_rep_view_type; visitors keep theirs for the visit. */
function usePinDensity(signedIn: boolean): [Density, (density: Density) => void] {
  const metadata = useMetadata();
  const update = useUpdateMetadata();
  const [local, setLocal] = useState<Density>('regular');
  if (!signedIn) return [local, setLocal];
  return [metadata.data?.profile_pin_rep_view_type ?? 'regular', (density) => update.mutate({ profile_pin_rep_view_type: density })];
}

export interface ProfilePinsProps {
  username: string;
  isOwner: boolean;
  signedIn: boolean;
  /** Only the Pins the person made themselves (the Created tab). */
  createdOnly?: boolean;
  /** Shown when there are no Pins at all (no filter). */
  empty: ReactNode;
  heading?: string | null;
}

/**
 * A profile's Pins with the owner's filters and the density choice. The
 * server does the filtering: the Created tab reads the person's created-only
 * feed, and the owner's Favorites / Created by you read their filtered Pins.
 */
export function ProfilePins({ username, isOwner, signedIn, createdOnly = false, empty, heading = TEXTS.profilePage.pinsHeading }: ProfilePinsProps) {
  const [filters, setFilters] = useState<ReadonlySet<PinFilter>>(new Set());
  const [density, setDensity] = usePinDensity(signedIn);
  const filtered = isOwner && !createdOnly && filters.size > 0;
  const source: FeedSource = createdOnly
    ? { kind: 'created', username }
    : filtered
      ? { kind: 'ownFiltered', flags: pinFlagFilter(filters) }
      : { kind: 'user', username };
  const nothingToSee = <EmptyState illustration={false}>{MESSAGES.emptyState.nothingToSee}</EmptyState>;

  return (
    <section className={styles.section} aria-labelledby={heading ? 'profile-pins' : undefined} aria-label={heading ? undefined : TEXTS.profilePage.pinsHeading}>
      <div className={styles.sectionHeader}>
        {heading ? (
          <h2 id="profile-pins" className={styles.sectionHeading}>
            {heading}
          </h2>
        ) : null}
        <div className={styles.toolbar}>
          {isOwner && !createdOnly ? <MultiChoice label={TEXTS.profilePage.pinFilters} options={FILTERS} value={filters} onChange={setFilters} /> : null}
          <SingleChoice label={TEXTS.profilePage.pinSize} options={DENSITIES} value={density} onChange={setDensity} iconsOnly />
        </div>
      </div>
      <PinGrid source={source} dense={density === 'dense'} empty={filtered ? nothingToSee : empty} />
    </section>
  );
}

function PinGrid({ source, dense, empty }: { source: FeedSource; dense: boolean; empty: ReactNode }) {
  const feed = useFeed(source);

  if (feed.isPending) return <FeedSkeleton />;
  if (!feed.data) return <FeedError feed={feed} className={styles.feedError} />;
  const pins = feedPins(feed);
  if (pins.length === 0 && !feed.hasNextPage) return <>{empty}</>;

  return (
    <div>
      <PinMasonry
        feed={feed}
        pins={pins}
        label={TEXTS.profilePage.pinsHeading}
        dense={dense}
        renderItem={(pin, columnWidth) => <PinCard pin={pin} columnWidth={columnWidth} showBoardName dense={dense} />}
      />
    </div>
  );
}
