import { z } from 'zod';
import { SECTION_TITLE_MAX } from '../constants/limits';
import { MESSAGES } from '../constants/messages';
import { interpolate } from '../text/interpolate';
import { zId } from './common';

export const zSectionTitle = z
  .string()
  .trim()
  .min(1, { error: () => MESSAGES.validation.sectionNameRequired })
  .max(SECTION_TITLE_MAX, { error: () => interpolate(MESSAGES.board.tooLong, { maxLength: SECTION_TITLE_MAX }) });

export const zGetSection = z.union([z.strictObject({ section_id: zId }), z.strictObject({ board_id: zId, slug: z.string().min(1).max(200) })]);
export const zCreateSection = z.strictObject({ board_id: zId, title: zSectionTitle, orbac_subject_id: zId.optional() });
export const zUpdateSection = z.strictObject({
  section_id: zId,
  title: zSectionTitle.optional(),
  position: z.number().int().min(0).max(10_000).optional(),
});
export const zDeleteSection = z.strictObject({ section_id: zId });
export const zListSections = z.strictObject({ board_id: zId, orbac_subject_id: zId.optional() });
