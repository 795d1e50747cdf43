/**
 * Business constants and limits. Values come from the spec documents
 * (docs/product/logged-out-and-business.md §9, docs/product/profiles-and-boards.md §5 and §9); where the spec
 * says "value not shown", the value is ours and is fixed by
 * docs/product/api-contract.md §7 (and by docs/product/api-contract.md §3, §5, §6 for passwords,
 * paging and images).
 */

// Input limits (docs/product/api-contract.md §7: the spec's board title / board pin description limits).
export const BOARD_NAME_MAX = 50;
export const BOARD_DESCRIPTION_MAX = 500;
export const PIN_TITLE_MAX = 100;
export const PIN_DESCRIPTION_MAX = 800;
export const SECTION_TITLE_MAX = 180;

// Display truncation (docs/product/logged-out-and-business.md §5 and §9).
export const TITLE_DISPLAY_MAX = 200;
export const DESCRIPTION_DISPLAY_MAX = 496;
export const DEFAULT_TRUNCATE = 80;
export const CAMPAIGN_NAME_MAX = 64;

/** Days during which a deleted board can still be restored (docs/product/api-contract.md §7). */
export const MAX_AGE_RECENTLY_DELETED_BOARD_DAYS = 7;
/** The collaborator face-pile names this many people, then 'and {n} more' (docs/product/profiles-and-boards.md §9). */
export const COLLABORATOR_FACE_PILE_NAMES = 3;
/** Board picker search filters only from this query length on (docs/product/api-contract.md §7). */
export const BOARD_SEARCH_MIN_QUERY = 2;

// Accounts (docs/product/api-contract.md §3 for passwords; username bounds are ours).
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;

// Lists (docs/product/api-contract.md §5).
export const PAGE_SIZE_DEFAULT = 25;
export const PAGE_SIZE_MAX = 250;

// Images (docs/product/api-contract.md §6).
export const IMAGE_MAX_BYTES = 20 * 1024 * 1024;
export const IMAGE_MAX_PIXELS = 50_000_000;

// Toasts (docs/product/profiles-and-boards.md §9).
export const TOAST_MS = 5000;
export const UNBLOCK_TOAST_MS = 3000;

/** Budgets are sent in micro currency: amount × this multiplier (docs/product/api-contract.md §7). */
export const BUDGET_MICRO_MULTIPLIER = 1_000_000;

/** Verified-merchant badge colour palette (docs/product/api-contract.md §7). */
export const BADGE_PALETTE = ['#E60023', '#0076D3', '#0A7C42', '#B8860B', '#7B2CBF', '#111111', '#C2185B'] as const;

/** Pin image size keys (docs/product/profiles-and-boards.md §9). */
export const IMAGE_SIZES = ['170x', '236x', '474x', '736x', '1200x'] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];

/** Pixel width of each image size key. */
export const IMAGE_SIZE_WIDTHS: Readonly<Record<ImageSize, number>> = {
  '170x': 170,
  '236x': 236,
  '474x': 474,
  '736x': 736,
  '1200x': 1200,
};

/** Site codes (docs/product/logged-out-and-business.md §9). */
export const SITE_CODES = {
  WWW: 0,
  PHONE_OR_TABLET: 1,
  STERLING: 3,
  ANALYTICS: 4,
  BUSINESS: 6,
  TRENDS: 7,
  TRENDS_INTERNAL: 8,
  COMMERCE_APP: 10,
  CREATORS: 11,
  PLANNING_HUB: 12,
  NEWSROOM: 13,
  ABOUT: 14,
  PINNACLE_INTERNAL: 17,
} as const;

// Partner profiles and board suggestions (docs/product/profiles-and-boards.md §6, §9).
/** At most this many board suggestions (Pin clusters). */
export const PIN_CLUSTER_LIMIT = 10;

// Videos (docs/product/api-contract.md §8): MP4, MOV or WebM, at most 200 MB and 10 minutes.
export const VIDEO_MAX_BYTES = 200 * 1024 * 1024;
export const VIDEO_MAX_DURATION_MS = 10 * 60 * 1000;

// Idea (story) Pins (docs/product/api-contract.md §8; Pin-builder defaults, docs/product/profiles-and-boards.md §9).
export const STORY_PIN_MAX_PAGES = 20;
export const STORY_PIN_MAX_BLOCKS = 5;
export const STORY_PIN_PAGE_MS = 5000;
