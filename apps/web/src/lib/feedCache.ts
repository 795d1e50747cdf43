import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { TPinFlagFilter } from '@pinboard/shared/schemas/pin-filters';
import type { ApiResult } from './api';
import type { Pin } from './answers';

/*
 * The feeds' query keys and the helpers that change cached feeds, below every
 * feature: hiding, saving or moving a Pin changes feeds, and feeds show Pins
 * (features/feeds/feeds.queries.ts re-exports these).
 */

export type FeedSource =
  | { kind: 'home' }
  | { kind: 'board'; boardId: string }
  | { kind: 'section'; boardId: string; sectionId: string }
  | { kind: 'user'; username: string }
  /** Pins the person made themselves (the Created tab). */
  | { kind: 'created'; username: string }
  /** The viewer's own Pins under the own profile's Pin filters. */
  | { kind: 'ownFiltered'; flags: TPinFlagFilter }
  /** Pins the person marked as tried (the Tried tab). */
  | { kind: 'tried'; username: string }
  /** An idea category's (or sub-topic's) public Pins: /ideas/{slug}/. */
  | { kind: 'idea'; slug: string }
  /** "More to explore" under a Pin's closeup. */
  | { kind: 'related'; pinId: string }
  /** The person's Idea Pins (the story_pins tab) and video Pins (the video_pins tab). */
  | { kind: 'stories'; username: string }
  | { kind: 'videos'; username: string };

export const feedKeys = {
  all: ['feeds'] as const,
  feed: (source: FeedSource) => ['feeds', source] as const,
  /** Every feed of one kind, whatever its filters (keys match partially). */
  ofKind: (kind: FeedSource['kind']) => ['feeds', { kind }] as const,
  preview: (source: FeedSource, size: number) => ['feeds', source, 'preview', size] as const,
  /** Every feed of a board: its own, its sections' and their previews (keys match partially). */
  ofBoard: (boardId: string) => ['feeds', { boardId }] as const,
};

export type FeedData = InfiniteData<ApiResult<Pin[]>, string | null>;

/** A snapshot of cached feeds, to put back when an optimistic change fails. */
export type FeedSnapshot = [QueryKey, FeedData | undefined][];

/**
 * Takes Pins out of the cached (infinite) feeds matching `queryKey` at once,
 * returning what was there. `keep` decides per Pin.
 */
export function removePinsFromFeeds(queryClient: QueryClient, queryKey: QueryKey, remove: (pin: Pin) => boolean): { snapshot: FeedSnapshot; removed: Pin[] } {
  const snapshot: FeedSnapshot = [];
  const removed = new Map<string, Pin>();
  for (const [key, data] of queryClient.getQueriesData<FeedData>({ queryKey })) {
    if (!data || !Array.isArray(data.pages)) continue;
    snapshot.push([key, data]);
    queryClient.setQueryData<FeedData>(key, {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        data: page.data.filter((pin) => {
          if (!remove(pin)) return true;
          removed.set(pin.id, pin);
          return false;
        }),
      })),
    });
  }
  return { snapshot, removed: [...removed.values()] };
}

/** Puts Pins at the top of the cached feeds matching `queryKey` (e.g. the board they just joined). */
export function prependPinsToFeeds(queryClient: QueryClient, queryKey: QueryKey, pins: readonly Pin[]): FeedSnapshot {
  const snapshot: FeedSnapshot = [];
  if (pins.length === 0) return snapshot;
  for (const [key, data] of queryClient.getQueriesData<FeedData>({ queryKey })) {
    if (!data || !Array.isArray(data.pages) || data.pages.length === 0) continue;
    snapshot.push([key, data]);
    const ids = new Set(pins.map((pin) => pin.id));
    const [first, ...rest] = data.pages;
    if (!first) continue;
    queryClient.setQueryData<FeedData>(key, {
      ...data,
      pages: [{ ...first, data: [...pins, ...first.data.filter((pin) => !ids.has(pin.id))] }, ...rest],
    });
  }
  return snapshot;
}

export function restoreFeeds(queryClient: QueryClient, snapshot: FeedSnapshot) {
  for (const [key, data] of snapshot) queryClient.setQueryData(key, data);
}
