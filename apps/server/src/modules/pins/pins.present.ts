/**
 * The Pin entity as the spec spells its fields (docs/product/profiles-and-boards.md §3,
 * images per docs/product/api-contract.md §6).
 */
import type { TPinOut, TPinVideos, TStoryPinData } from '@pinboard/shared/schemas/entities';
import { boardUrl } from '../boards';
import type { ImageVariant, PinWithRefs, StoredVideo, StoryPinData } from './pins.repo';

const url = (key: string) => `/media/${key}`;

/** A ready video's renditions; the thumbnail is the poster (the Pin's 736x image). */
function presentVideos(id: string, video: StoredVideo | null, images: Record<string, ImageVariant>): TPinVideos | null {
  const thumbnail = images['736x']?.url ?? images.orig?.url;
  if (!video || !thumbnail || !video.width || !video.height) return null;
  const r = (key: string) => ({ url: url(key), thumbnail, width: video.width, height: video.height, duration: video.duration_ms });
  return { id, video_list: { V_720P: r(video.mp4), V_HLSV4: r(video.hlsv4), V_HLSV3_MOBILE: r(video.hlsv3) } };
}

function presentStoryPinData(id: string, data: StoryPinData | null): TStoryPinData | null {
  if (!data) return null;
  return {
    page_count: data.pages.length,
    metadata: data.metadata,
    pages: data.pages.map((page, i) => ({
      dominant_color: page.media?.dominant_color ?? null,
      blocks: page.blocks.map((b) => {
        if (b.type === 'story_pin_paragraph_block') return b;
        const images = page.media?.images ?? {};
        if (b.type === 'story_pin_video_block') return { type: b.type, image: images, video: presentVideos(`${id}-${i}`, page.media?.video ?? null, images) };
        return { type: b.type, image: images };
      }),
    })),
  };
}

/** A Pin on a protected board names no board to people it is not listed to (boards.policy listedBoardSql). */
export function presentPin(p: PinWithRefs): TPinOut {
  const board = p.board_listed ? p.board_id : null;
  return {
    id: p.id,
    type: 'pin',
    title: p.title,
    description: p.description,
    link: p.link || null,
    alt_text: p.alt_text || null,
    method: p.method,
    images: p.images,
    dominant_color: p.dominant_color,
    width: p.width,
    height: p.height,
    is_repin: p.parent_pin_id !== null,
    is_video: p.video_status !== null,
    video_status: p.video_status,
    video_failure_reason: p.video_status === 'failed' ? p.video_error : null,
    videos: p.video_status === 'ready' ? presentVideos(p.id, p.video, p.images) : null,
    story_pin_data: presentStoryPinData(p.id, p.story_pin_data),
    embed_type: p.embed_type,
    captions: p.captions && p.video_status === 'ready' ? { url: url(p.captions.key), language: p.captions.language } : null,
    repin_count: p.repin_count,
    comment_count: p.comment_count,
    comments_enabled: p.comments_enabled,
    created_at: p.created_at.toISOString(),
    pinner: { id: p.pinner_id, username: p.pinner_username, full_name: p.pinner_full_name, image_medium_url: p.pinner_image_url },
    board:
      board && p.board_name && p.board_slug && p.board_owner_username
        ? { id: board, name: p.board_name, url: boardUrl(p.board_owner_username, p.board_slug), privacy: p.board_privacy }
        : null,
    pinned_to_board: board ? { id: board } : null,
    section_id: board ? p.section_id : null,
    privacy: p.board_privacy === 'secret' ? 'secret' : 'public',
  };
}

export type PresentedPin = TPinOut;
