import { z } from 'zod';
import { COLLAGE_CANVAS, COLLAGE_LAYER_MAX_SIZE, COLLAGE_LAYER_MIN_SIZE, COLLAGE_MAX_LAYERS, COLLAGE_MAX_TOTAL_PIXELS } from '../constants/collages';
import { PIN_DESCRIPTION_MAX, PIN_TITLE_MAX } from '../constants/limits';
import { MESSAGES } from '../constants/messages';
import { interpolate } from '../text/interpolate';
import { zBookmark, zId, zPageSize, zReadExtras } from './common';

const tooLong = (maxLength: number) => interpolate(MESSAGES.board.tooLong, { maxLength });
const side = z.number().int().min(COLLAGE_LAYER_MIN_SIZE).max(COLLAGE_LAYER_MAX_SIZE);
const offset = z.number().int().min(-COLLAGE_LAYER_MAX_SIZE).max(COLLAGE_LAYER_MAX_SIZE);

/**
 * One image of a collage: a Pin's image placed on the canvas. x and y are the
 * top-left corner of the unrotated box, in canvas pixels; rotation turns the
 * box about its centre, in degrees clockwise.
 */
const zCollageLayer = z
  .strictObject({
    pin_id: zId,
    x: offset,
    y: offset,
    width: side,
    height: side,
    rotation: z.number().min(-180).max(180).default(0),
  })
  .refine((l) => l.x + l.width > 0 && l.y + l.height > 0 && l.x < COLLAGE_CANVAS.width && l.y < COLLAGE_CANVAS.height, {
    message: 'layers: every image must stay at least partly on the canvas.',
  });
export type TCollageLayer = z.infer<typeof zCollageLayer>;

/** Bottom layer first. */
export const zCollageLayers = z
  .array(zCollageLayer)
  .min(1, 'layers: add at least one image.')
  .max(COLLAGE_MAX_LAYERS, `layers: a collage holds at most ${COLLAGE_MAX_LAYERS} images.`)
  .refine((layers) => layers.reduce((sum, l) => sum + l.width * l.height, 0) <= COLLAGE_MAX_TOTAL_PIXELS, {
    message: 'layers: these images are too large together. Make some of them smaller.',
  });

export const zCreateCollage = z.strictObject({ layers: zCollageLayers });
export const zUpdateCollage = z.strictObject({ id: zId, layers: zCollageLayers });
export const zGetCollage = z.strictObject({ id: zId, ...zReadExtras });
/** CollageResource delete: one draft by id. */
export const zDeleteCollage = zGetCollage.pick({ id: true });

/** Publishing a draft makes a Pin on one of the owner's boards, or (no board_id) on their profile. */
export const zPublishCollage = z.strictObject({
  id: zId,
  board_id: zId.optional(),
  title: z.string().trim().max(PIN_TITLE_MAX, tooLong(PIN_TITLE_MAX)).optional(),
  description: z.string().trim().max(PIN_DESCRIPTION_MAX, tooLong(PIN_DESCRIPTION_MAX)).optional(),
});
export type TPublishCollage = z.infer<typeof zPublishCollage>;

const zFlag = z.enum(['true', 'false']);

/** GET /v3/users/me/shuffles/ (docs/product/profiles-and-boards.md §7): is_draft, transform_to_pins, fields; keyset paging. */
export const zListCollages = z.strictObject({
  is_draft: zFlag.optional(),
  transform_to_pins: zFlag.optional(),
  fields: z.string().max(512).optional(),
  bookmark: zBookmark,
  page_size: zPageSize,
});
