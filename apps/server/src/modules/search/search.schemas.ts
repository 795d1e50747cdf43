/**
 * Options of the search resources (API contract §2: BaseSearchResource;
 * logged-out-and-business §7: the typeahead).
 */
import { zReadExtras } from '@pinboard/shared/schemas/common';
import { z } from 'zod';

export const SEARCH_QUERY_MAX = 100;
export const TYPEAHEAD_COUNT_DEFAULT = 5;
export const TYPEAHEAD_COUNT_MAX = 20;

export const zSearchScope = z.enum(['pins', 'boards', 'users', 'my_pins']);
export type SearchScope = z.infer<typeof zSearchScope>;

export const zBaseSearch = z.strictObject({
  query: z.string().trim().min(1, 'query: Enter something to search for.').max(SEARCH_QUERY_MAX),
  scope: zSearchScope.default('pins'),
  ...zReadExtras,
});
export type TBaseSearch = z.infer<typeof zBaseSearch>;

export const zSearchTypeahead = z.strictObject({
  term: z.string().trim().max(SEARCH_QUERY_MAX).default(''),
  pin_scope: zSearchScope.default('pins'),
  count: z.coerce.number().int().min(1).max(TYPEAHEAD_COUNT_MAX).default(TYPEAHEAD_COUNT_DEFAULT),
});
export type TSearchTypeahead = z.infer<typeof zSearchTypeahead>;
