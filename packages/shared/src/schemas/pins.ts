import { z } from 'zod';
import { PIN_DESCRIPTION_MAX, PIN_TITLE_MAX } from '../constants/limits';
import { MESSAGES } from '../constants/messages';
import { interpolate } from '../text/interpolate';
import { isValidLink } from '../text/links';
import { zId, zReadExtras } from './common';

const tooLong = (maxLength: number) => interpolate(MESSAGES.board.tooLong, { maxLength });

export const zPinMethod = z.enum(['uploaded', 'pinbuilder', 'scraped', 'button']);

export const zCreatePin = z.strictObject({
  board_id: zId.optional(),
  section_id: zId.optional(),
  title: z.string().trim().max(PIN_TITLE_MAX, tooLong(PIN_TITLE_MAX)).optional(),
  description: z.string().trim().max(PIN_DESCRIPTION_MAX, tooLong(PIN_DESCRIPTION_MAX)).optional(),
  alt_text: z.string().trim().max(500).optional(),
  link: z.string().trim().max(2048).refine(isValidLink, MESSAGES.invalidUrl).optional(),
  method: zPinMethod.optional(),
  image_base64: z.string().max(28 * 1024 * 1024).optional(),
  guid: z.string().max(64).optional(),
});
export type TCreatePin = z.infer<typeof zCreatePin>;

export const zGetPin = z.strictObject({ id: zId, ...zReadExtras });
export const zHomefeed = z.strictObject({ ...zReadExtras });
