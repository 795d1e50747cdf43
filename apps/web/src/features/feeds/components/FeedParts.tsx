import type { ReactNode } from 'react';
import { Button } from '../../../components/Button/Button';
import { InfiniteSentinel } from '../../../components/masonry/InfiniteSentinel';
import { DENSE_PIN_GRID, Masonry, PIN_GRID } from '../../../components/masonry/Masonry';
import { Spinner } from '../../../components/Spinner/Spinner';
import { estimatePinCardHeight } from '../../pins/components/PinCard';
import { isApiError } from '../../../lib/api';
import { TEXTS } from '../../../lib/texts';
import type { Pin } from '../../pins/pins.api';
import type { useFeed } from '../feeds.queries';

type Feed = ReturnType<typeof useFeed>;

/** A feed that could not load its first page: the server's message (or a generic one) and Try again. */
export function FeedError({ feed, className }: { feed: Feed; className: string | undefined }) {
  return (
    <div className={className} role="alert">
      <p>{isApiError(feed.error) && feed.error.message ? feed.error.message : TEXTS.genericError}</p>
      <Button onPress={() => void feed.refetch()}>{TEXTS.tryAgain}</Button>
    </div>
  );
}

/** The Pins of a feed's loaded pages, each once, without those in `excludeIds`. */
export function feedPins(feed: Feed, excludeIds: readonly string[] = []): Pin[] {
  const seen = new Set<string>(excludeIds);
  const pins: Pin[] = [];
  for (const page of feed.data?.pages ?? []) {
    for (const pin of page.data) {
      if (seen.has(pin.id)) continue;
      seen.add(pin.id);
      pins.push(pin);
    }
  }
  return pins;
}

/** Pins in a masonry (the dense grid or the usual one), then the sentinel that loads the next page and its spinner. */
export function PinMasonry({
  feed,
  pins,
  label,
  dense,
  renderItem,
}: {
  feed: Feed;
  pins: Pin[];
  label: string;
  dense: boolean;
  renderItem: (pin: Pin, columnWidth: number) => ReactNode;
}) {
  return (
    <>
      <Masonry
        items={pins}
        label={label}
        getKey={(pin) => pin.id}
        options={dense ? DENSE_PIN_GRID : PIN_GRID}
        estimateHeight={(pin, columnWidth) => estimatePinCardHeight(pin, columnWidth, dense)}
        renderItem={renderItem}
      />
      <InfiniteSentinel hasMore={feed.hasNextPage} isLoading={feed.isFetchingNextPage} onLoadMore={() => void feed.fetchNextPage()} />
      {feed.isFetchingNextPage && <Spinner label={TEXTS.loadingMore} showLabel={false} />}
    </>
  );
}
