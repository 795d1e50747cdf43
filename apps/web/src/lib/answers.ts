/**
 * The entities the web app reads, as the shared contract types the answers
 * that carry them (decisions 073, 079): no type here is written by hand, each
 * is the output of a resource action (`ResourceOutput`) or a part of one.
 * Types only: the contract's schemas stay out of the bundle.
 */
import type { ResourceOutput } from '@pinboard/shared/contract';

type PinPage = ResourceOutput<'PinResource', 'get'>;
/**
 * A Pin as a feed or a Pin's own read answers it (`is_favorite` only on its own read, to its pinner; `can`, what the
 * viewer may do with it, only on its own read: decision 080).
 */
export type Pin = Omit<PinPage, 'can'> & Partial<Pick<PinPage, 'can'>>;
export type PinImage = Pin['images'][string];
export type PinVideos = NonNullable<Pin['videos']>;
export type VideoRendition = PinVideos['video_list']['V_720P'];
export type StoryPinData = NonNullable<Pin['story_pin_data']>;

/** A board as a list of boards answers it. */
type ListedBoard = ResourceOutput<'BoardsResource', 'get'>[number];
/** One board as its own read answers it: the listed fields, its face-pile and the viewer's pending invite. */
type BoardPage = ResourceOutput<'BoardResource', 'get'>;
/** A board wherever the app shows one: the fields only its own read carries are there when it came from that read. */
export type Board = ListedBoard & Partial<Omit<BoardPage, keyof ListedBoard>>;

export type Section = ResourceOutput<'BoardSectionResource', 'get'>;

/** A person's profile as `UserResource` answers it (their own fields, their page's and the partner module's). */
export type Profile = ResourceOutput<'UserResource', 'get'>;
