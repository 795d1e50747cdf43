/*
 * The Pin as the web app reads it, below every feature: pins, feeds and boards
 * all show Pins (features/pins/pins.api.ts re-exports these).
 */
import type { TPinAbilities } from '@pinboard/shared/schemas/entities';

export type PinImageSize = '170x' | '236x' | '474x' | '736x' | '1200x' | 'orig';

export interface PinImage {
  url: string;
  width: number;
  height: number;
}

interface UserSummary {
  id: string;
  username: string;
  full_name: string;
  image_medium_url: string | null;
}

export interface Pin {
  id: string;
  title: string;
  description: string;
  link: string | null;
  alt_text: string | null;
  images: Partial<Record<PinImageSize, PinImage>>;
  dominant_color: string;
  width: number;
  height: number;
  pinner: UserSummary;
  board: { id: string; name: string; url: string; privacy: string } | null;
  section_id?: string | null;
  is_repin?: boolean;
  repin_count: number;
  comment_count: number;
  comments_enabled: boolean;
  created_at: string;
  /** Only for the Pin's own pinner: marked as a favourite (the own profile's Favorites filter). */
  is_favorite?: boolean;
  /** Served as an ad in the home feed, by `promoter` (a business). */
  is_promoted?: true;
  promoter?: { id: string; username: string; full_name: string };
  /** On a home-feed recommendation only: why it is there. */
  recommendation_reason?: { type: 'interest' | 'popular'; interest_id: string | null; interest_name: string | null };
  is_video?: boolean;
  /** Video Pins: 'processing' until transcoded, then 'ready' or 'failed'. */
  video_status?: 'processing' | 'ready' | 'failed' | null;
  video_failure_reason?: string | null;
  videos?: PinVideos | null;
  story_pin_data?: StoryPinData | null;
  embed_type?: 'gif' | null;
  /** A video Pin's WebVTT captions, when its pinner attached some. */
  captions?: { url: string; language: string } | null;
  /** On a single Pin's read: what the viewer may do with it, as the server's policies decide (decision 080). */
  can?: TPinAbilities;
}

export interface VideoRendition {
  url: string;
  thumbnail: string;
  width: number;
  height: number;
  /** ms */
  duration: number;
}

export interface PinVideos {
  id: string;
  video_list: { V_720P: VideoRendition; V_HLSV4: VideoRendition; V_HLSV3_MOBILE: VideoRendition };
}

type StoryBlock =
  | { type: 'story_pin_image_block'; image: Partial<Record<PinImageSize, PinImage>> }
  | { type: 'story_pin_video_block'; image: Partial<Record<PinImageSize, PinImage>>; video: PinVideos | null }
  | { type: 'story_pin_paragraph_block'; text: string };

export interface StoryPinData {
  page_count: number;
  pages: { blocks: StoryBlock[]; dominant_color: string | null }[];
  metadata: { pin_title: string };
}

/** Which Pins of a board (or section) a bulk action covers: listed ones, or all but the excluded. */
export type PinSelection = { select_all: true; excluded_pin_ids: string[] } | { select_all?: false; pin_ids: string[] };
