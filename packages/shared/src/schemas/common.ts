import { z } from 'zod';

export const zId = z.string().regex(/^\d{1,20}$/, 'Expected a numeric id.');
export const zBookmark = z.string().max(512).optional();
export const zPageSize = z.coerce.number().int().min(1).max(250).optional();
/** Options every read may carry without meaning anything to us. */
export const zReadExtras = {
  field_set_key: z.string().max(64).optional(),
  bookmark: zBookmark,
  page_size: zPageSize,
  ignore_bookmark: z.boolean().optional(),
};
