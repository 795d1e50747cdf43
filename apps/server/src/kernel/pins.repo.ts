/**
 * The shared read of Pins (decision 081): the Pin row and its references
 * (PinWithRefs), the one select every module's Pin list builds on, and one
 * Pin the viewer may see; below the modules, so reading a Pin does not tie a
 * module to the pins module. The visibility conditions are boards.policy's
 * and comments.policy's (imported, decision 027); the rows come back plain,
 * a policy brands them (decision 080).
 */
import type { Queryable } from '../db/client';
import { listedBoardSql, visiblePinSql } from './boards.policy';
import { unseenCommentCountSql } from './comments.policy';

export type ImageVariant = { url: string; width: number; height: number };

export interface PinRow {
  id: string;
  pinner_id: string;
  board_id: string | null;
  section_id: string | null;
  parent_pin_id: string | null;
  title: string;
  description: string;
  link: string;
  alt_text: string;
  method: string;
  media_base: string;
  images: Record<string, ImageVariant>;
  dominant_color: string;
  width: number;
  height: number;
  repin_count: number;
  comment_count: number;
  comments_enabled: boolean;
  created_at: Date;
  /** Video Pins: 'processing', 'ready' or 'failed'; null for image Pins. */
  video_status: VideoStatus | null;
  video: StoredVideo | null;
  video_error: string | null;
  story_pin_data: StoryPinData | null;
  extra_media_bases: string[] | null;
  /** 'gif': made from an animated GIF, transcoded into a short looping MP4 (decision 044). */
  embed_type: 'gif' | null;
  /** A video Pin's WebVTT captions, when its owner attached some. */
  captions: StoredCaptions | null;
}

/** A captions file as stored with its Pin: its key (under the Pin's media base), language and size. */
export interface StoredCaptions {
  key: string;
  language: string;
  bytes: number;
}

export type VideoStatus = 'processing' | 'ready' | 'failed';

/** A transcoded video as stored with its Pin (keys are media-store keys). */
export interface StoredVideo {
  width: number;
  height: number;
  duration_ms: number;
  mp4: string;
  hlsv4: string;
  hlsv3: string;
  /** Every key written for it, for removal. */
  keys: string[];
}

/** An idea Pin's pages as stored (and answered). */
export interface StoryPinData {
  page_count: number;
  pages: StoryPage[];
  metadata: { pin_title: string };
}

/** A page: its blocks, and the media of its image or video block (stored under its own media base). */
export interface StoryPage {
  blocks: StoryBlock[];
  media: { media_base: string; images: Record<string, ImageVariant>; dominant_color: string; width: number; height: number; video: StoredVideo | null } | null;
}

type StoryBlock = { type: 'story_pin_image_block' } | { type: 'story_pin_video_block' } | { type: 'story_pin_paragraph_block'; text: string };

export interface PinWithRefs extends PinRow {
  pinner_username: string;
  pinner_full_name: string;
  pinner_image_url: string | null;
  board_name: string | null;
  board_slug: string | null;
  board_privacy: 'public' | 'secret' | 'protected' | null;
  board_owner_username: string | null;
  /** The board's owner (pins.policy pinAbilities: they may delete the Pin). */
  board_owner_id: string | null;
  /** Whether the Pin may name its board to the viewer (boards.policy listedBoardSql). */
  board_listed: boolean;
}

/** PinRow's columns: every column of `pins` but the search vector, the client guid and the moderation mark. */
const PIN_ROW_COLUMNS = [
  'id',
  'pinner_id',
  'board_id',
  'section_id',
  'parent_pin_id',
  'title',
  'description',
  'link',
  'alt_text',
  'method',
  'media_base',
  'images',
  'dominant_color',
  'width',
  'height',
  'repin_count',
  'comment_count',
  'comments_enabled',
  'created_at',
  'video_status',
  'video',
  'video_error',
  'story_pin_data',
  'extra_media_bases',
  'embed_type',
  'captions',
] as const satisfies readonly (keyof PinRow)[];
const everyPinRowColumn: Exclude<keyof PinRow, (typeof PIN_ROW_COLUMNS)[number]> extends never ? true : never = true;
void everyPinRowColumn;

/**
 * For selectVisiblePinsSql: a Pin's PinRow columns only. Lists of Pins (feeds, recommendations) read
 * these: `p.*` also sends each Pin's search vector, as text, for the app to parse and drop.
 */
export const PIN_ROW_SQL = PIN_ROW_COLUMNS.map((c) => `p.${c}`).join(', ');

/**
 * Every Pin read joins the same way and filters with the one visibility rule; $1 is the viewer id.
 * `pinColumns`: the Pin's columns to read (all of them, or PIN_ROW_SQL); `pins`: the Pins to read from, aliased `p`
 * (a subquery over pins, such as the newest few: search, decision 092).
 */
export function selectVisiblePinsSql(pinColumns = 'p.*', pins = 'pins p') {
  return `
  SELECT ${pinColumns}, u.username AS pinner_username, u.full_name AS pinner_full_name, u.image_url AS pinner_image_url,
    b.name AS board_name, b.slug AS board_slug, b.privacy AS board_privacy, bo.username AS board_owner_username, b.owner_id AS board_owner_id,
    ${listedBoardSql('$1')} AS board_listed
  FROM ${pins}
  JOIN users u ON u.id = p.pinner_id
  LEFT JOIN boards b ON b.id = p.board_id
  LEFT JOIN users bo ON bo.id = b.owner_id
  WHERE ${visiblePinSql('$1')}`;
}

/**
 * One Pin the viewer may see. Its comment_count is the viewer's: the stored
 * count less the comments they do not see (comments.policy), in the same
 * query; lists (feeds, search) keep the stored count (decision 045).
 */
export async function visiblePinById(db: Queryable, id: string, viewerId: string | null): Promise<PinWithRefs | null> {
  const [row] = await db.query<PinWithRefs & { unseen_comment_count: number }>(
    `SELECT v.*, ${unseenCommentCountSql('$1', 'v')} AS unseen_comment_count FROM (${selectVisiblePinsSql(PIN_ROW_SQL)} AND p.id = $2) v`,
    [viewerId, id],
  );
  if (!row) return null;
  const { unseen_comment_count: unseen, ...pin } = row;
  return { ...pin, comment_count: pin.comment_count - unseen } as PinWithRefs;
}
