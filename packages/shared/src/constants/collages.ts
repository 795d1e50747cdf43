/**
 * Collages (the product's "shuffles", docs/product/profiles-and-boards.md §2, §3, §7). The
 * spec gives the draft card's size; the canvas, the layer limits and the
 * experiment's name are ours (docs/decisions/010-collages.md).
 */

/** Every collage is laid out on this canvas (about 9:16, like a tall Pin), in canvas pixels. */
export const COLLAGE_CANVAS = { width: 1000, height: 1778 } as const;
/** The canvas behind the images. */
export const COLLAGE_BACKGROUND = '#ffffff';
/** At most this many images (layers) in one collage. */
export const COLLAGE_MAX_LAYERS = 20;
/** Smallest and largest side of a layer, in canvas pixels. */
export const COLLAGE_LAYER_MIN_SIZE = 40;
export const COLLAGE_LAYER_MAX_SIZE = 4000;
/**
 * The layers' boxes together cover at most this many pixels (width × height summed): every layer is
 * resized to its box before it is laid down, so this bounds a render's work and memory (20 layers of
 * 4000×4000 would be 320 megapixels). About 13 canvases' worth: one 4000×4000 layer and more besides,
 * or 20 layers each a little wider than the canvas (decision 025).
 */
export const COLLAGE_MAX_TOTAL_PIXELS = 24_000_000;

/** Draft cards on the Collages tab (docs/product/profiles-and-boards.md §2): 157 px wide, image 157×279. */
export const COLLAGE_DRAFT_CARD = { width: 157, height: 279 } as const;

/**
 * The experiment that turns collages on (EXPERIMENT_GROUPS=collages:enabled).
 * It applies only to signed-in, non-partner people (docs/product/logged-out-and-business.md §6).
 */
export const COLLAGES_EXPERIMENT = 'collages';
export const COLLAGES_ENABLED_GROUP = 'enabled';
