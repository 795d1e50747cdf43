/**
 * Our entities in the shapes of Pinterest's API v5 (decision 100; the fields of its OpenAPI document's Account,
 * Board, BoardSection, Pin and Media). Every URL is absolute, on the server's public address.
 */
import type { TBoardOut, TPinOut, TSectionOut } from '@pinboard/shared/schemas/entities';

type Image = { url: string; width: number; height: number };

/** Our renditions, smallest first: each is the whole picture at most that wide (never wider than the original). */
const RENDITIONS = ['170x', '236x', '474x', '736x', '1200x', 'orig'] as const;

/**
 * Pinterest's image keys and the rendition each names: the nearest of ours at least that wide (a picture narrower
 * than that gives its own width). The largest, `1200x`, is the whole, uncropped picture; none is cropped.
 */
const V5_IMAGE_KEYS = [
  ['150x150', '170x'],
  ['400x300', '474x'],
  ['600x', '736x'],
  ['1200x', '1200x'],
] as const;

export type Absolute = (url: string) => string;

/** A function making our paths (`/media/…`, `/name/board/`) absolute on `publicUrl`. */
export const absoluteOn =
  (publicUrl: string): Absolute =>
  (url) =>
    url.startsWith('/') ? `${publicUrl}${url}` : url;

/** The rendition for a key: the one named, else the next larger one there is, else the next smaller. */
function renditionFor(images: Record<string, Image>, wanted: (typeof RENDITIONS)[number]): Image | null {
  const at = RENDITIONS.indexOf(wanted);
  const order = [...RENDITIONS.slice(at), ...RENDITIONS.slice(0, at).reverse()];
  for (const key of order) if (images[key]) return images[key];
  return null;
}

/** `media.images` under Pinterest's keys, each `{url, width, height}`; never larger than the original. */
function v5Images(images: Record<string, Image>, abs: Absolute) {
  const out: Record<string, Image> = {};
  const original = images.orig;
  for (const [key, rendition] of V5_IMAGE_KEYS) {
    const image = renditionFor(images, rendition);
    if (!image || (original && image.width > original.width)) continue;
    out[key] = { url: abs(image.url), width: image.width, height: image.height };
  }
  return out;
}

/** The board owner's username from its URL (`/<username>/<slug>/`, boards' boardUrl). */
const ownerOfBoardUrl = (url: string) => decodeURIComponent(url.split('/')[1] ?? '');

function pinMedia(p: TPinOut, abs: Absolute) {
  const images = v5Images(p.images, abs);
  if (p.story_pin_data && p.story_pin_data.pages.length > 1) {
    return {
      media_type: 'multiple_images' as const,
      items: p.story_pin_data.pages.flatMap((page) =>
        page.blocks.flatMap((b) =>
          'image' in b && b.image
            ? [{ item_type: 'image', images: v5Images(b.image, abs), title: p.title || null, description: p.description || null, link: p.link }]
            : [],
        ),
      ),
    };
  }
  if (p.is_video && !p.embed_type) {
    const video = p.videos?.video_list.V_720P ?? null;
    const cover = images['1200x'] ?? null;
    return {
      media_type: 'video' as const,
      images,
      cover_image_url: cover?.url ?? null,
      video_url: video ? abs(video.url) : null,
      duration: video?.duration ?? null,
      width: p.width,
      height: p.height,
    };
  }
  return { media_type: 'image' as const, images };
}

function creativeType(p: TPinOut) {
  if (p.story_pin_data) return 'IDEA';
  return p.is_video && !p.embed_type ? 'VIDEO' : 'REGULAR';
}

/** What a v5 `Pin` says beside the services' Pin (api-v5.repo pinFacts). */
interface V5PinFacts {
  parent_pin_id: string | null;
  promoted: boolean;
}

/**
 * A Pin's `pin_metrics` when asked for (`pin_metrics=true`) by its pinner: what we count of it, for its whole life (its
 * saves and comments). Views and clicks of Pins are not counted here, so those keys are left out rather than made up.
 */
const pinMetrics = (p: TPinOut) => ({ lifetime_metrics: { save: p.repin_count, comment: p.comment_count } });

/** A Pin (v5 `Pin`) as `viewerId` reads it; with `withMetrics`, its metrics when `viewerId` is its pinner. */
export function v5Pin(p: TPinOut, viewerId: string, abs: Absolute, facts: V5PinFacts | undefined, withMetrics = false) {
  return {
    id: p.id,
    created_at: p.created_at,
    link: p.link,
    title: p.title || null,
    description: p.description || null,
    dominant_color: p.dominant_color,
    alt_text: p.alt_text,
    creative_type: creativeType(p),
    board_id: p.board?.id ?? null,
    board_section_id: p.section_id,
    board_owner: p.board ? { username: ownerOfBoardUrl(p.board.url) } : { username: p.pinner.username },
    is_owner: p.pinner.id === viewerId,
    media: pinMedia(p, abs),
    parent_pin_id: facts?.parent_pin_id ?? null,
    is_standard: true,
    has_been_promoted: facts?.promoted ?? false,
    note: null,
    pin_metrics: withMetrics && p.pinner.id === viewerId ? pinMetrics(p) : null,
  };
}

const V5_PRIVACY = { public: 'PUBLIC', protected: 'PROTECTED', secret: 'SECRET' } as const;

/** How many of a board's newest Pins its `media.pin_thumbnail_urls` shows (Pinterest's example has four). */
export const BOARD_THUMBNAILS = 4;

/** A Pin's thumbnail (Pinterest's `150x150`: our nearest rendition, uncropped), absolute; null without a picture. */
export function pinThumbnailUrl(images: Record<string, Image>, abs: Absolute): string | null {
  const image = renditionFor(images, '170x');
  return image ? abs(image.url) : null;
}

/** A board (v5 `Board`), its count of collaborators and its newest Pins' thumbnails. */
export function v5Board(b: TBoardOut, abs: Absolute, collaborators: number, thumbnails: string[]) {
  return {
    id: b.id,
    name: b.name,
    description: b.description || null,
    privacy: V5_PRIVACY[b.privacy as keyof typeof V5_PRIVACY] ?? 'PUBLIC',
    owner: { username: b.owner.username },
    created_at: b.created_at,
    board_pins_modified_at: b.board_order_modified_at,
    pin_count: b.pin_count,
    follower_count: b.follower_count,
    collaborator_count: collaborators,
    is_ads_only: b.is_ads_only,
    media: { image_cover_url: b.image_cover_url ? abs(b.image_cover_url) : null, pin_thumbnail_urls: thumbnails },
  };
}

/** A board section (v5 `BoardSection`). */
export const v5Section = (s: TSectionOut) => ({ id: s.id, name: s.title });

/** What the account's answer is made from: the person's own profile (users' getProfile). */
interface OwnProfile {
  id: string;
  username: string;
  full_name: string;
  about: string;
  website_url: string;
  image_medium_url: string | null;
  is_partner: boolean;
  board_count: number;
  pin_count: number;
  follower_count: number;
  following_count: number;
  profile_views: number;
}

/** The token's person (v5 `Account`). */
export function v5Account(u: OwnProfile, abs: Absolute) {
  return {
    id: u.id,
    username: u.username,
    account_type: u.is_partner ? ('BUSINESS' as const) : ('PINNER' as const),
    business_name: u.is_partner ? u.full_name : null,
    profile_image: u.image_medium_url ? abs(u.image_medium_url) : '',
    website_url: u.website_url,
    about: u.about,
    board_count: u.board_count,
    pin_count: u.pin_count,
    follower_count: u.follower_count,
    following_count: u.following_count,
    monthly_views: u.profile_views,
  };
}
