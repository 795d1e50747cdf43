import type { ReactNode } from 'react';
import { Button } from '../../../components/Button/Button';
import { FeedSkeleton } from '../../../components/masonry/FeedSkeleton';
import { PinCard } from '../../pins/components/PinCard';
import { TEXTS } from '../../../lib/texts';
import type { Pin } from '../../pins/pins.api';
import type { FeedSource } from '../feeds.api';
import { useFeed } from '../feeds.queries';
import { FeedError, feedPins, PinMasonry } from './FeedParts';
import styles from './PinFeed.module.css';

export interface PinFeedProps {
  source: FeedSource;
  label?: string;
  /** Shown when the feed has no Pins at all. */
  empty: ReactNode;
  /** Pins to leave out (e.g. the Pin on the closeup above). */
  excludeIds?: readonly string[];
  showBoardNames?: boolean;
  /** Dense density: tighter gutters, narrower columns, no titles. */
  dense?: boolean;
  /** Cards offer 'Hide Pin' (the home feed). */
  hideable?: boolean;
  /** Organize mode: every card is a checkbox. */
  selection?: {
    isSelected: (pin: Pin) => boolean;
    onChange: (pin: Pin, selected: boolean) => void;
  };
  /** Wraps each card (a board's drag handles, decision 065). */
  decorateCard?: (pin: Pin, card: ReactNode) => ReactNode;
}

/** A masonry of Pins that loads the next page as the reader nears the end. */
export function PinFeed({
  source,
  label = TEXTS.feed.pinsHeading,
  empty,
  excludeIds = [],
  showBoardNames = false,
  dense = false,
  hideable = false,
  selection,
  decorateCard,
}: PinFeedProps) {
  const feed = useFeed(source);

  if (feed.isPending) return <FeedSkeleton />;
  if (!feed.data) return <FeedError feed={feed} className={styles.error} />;

  const pins = feedPins(feed, excludeIds);
  if (pins.length === 0 && !feed.hasNextPage) return <>{empty}</>;

  return (
    <div className={styles.feed}>
      <PinMasonry
        feed={feed}
        pins={pins}
        label={label}
        dense={dense}
        renderItem={(pin, columnWidth) => {
          const card = (
            <PinCard
              pin={pin}
              columnWidth={columnWidth}
              showBoardName={showBoardNames}
              dense={dense}
              canHide={hideable}
              selection={selection && { selected: selection.isSelected(pin), onChange: (selected) => selection.onChange(pin, selected) }}
            />
          );
          return decorateCard ? decorateCard(pin, card) : card;
        }}
      />
      {feed.isFetchNextPageError && (
        <div className={styles.status}>
          <Button size="small" onPress={() => void feed.fetchNextPage()}>
            {TEXTS.tryAgain}
          </Button>
        </div>
      )}
    </div>
  );
}
