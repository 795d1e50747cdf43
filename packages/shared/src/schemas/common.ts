import { z } from 'zod';
import { isId } from './ids';

/** A numeric id within the signed 64-bit range (see ids.ts). */
export const zId = z
  .string()
  .regex(/^\d{1,20}$/, 'Expected a numeric id.')
  .refine(isId, 'Expected a numeric id of at most 9223372036854775807.');
export const zBookmark = z.string().max(512).optional();
export const zPageSize = z.coerce.number().int().min(1).max(250).optional();
/** The options of an action that takes none (decision 080: one schema the contract names for each of them). */
export const zNoOptions = z.strictObject({});

/** Options every read may carry without meaning anything to us. */
export const zReadExtras = {
  field_set_key: z.string().max(64).optional(),
  bookmark: zBookmark,
  page_size: zPageSize,
  ignore_bookmark: z.boolean().optional(),
};
