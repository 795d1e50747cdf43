/**
 * Options of the search resources (docs/product/api-contract.md §2: BaseSearchResource;
 * docs/product/logged-out-and-business.md §7: the typeahead).
 */
import { zReadExtras } from './common';
import { z } from 'zod';

const SEARCH_QUERY_MAX = 100;
const TYPEAHEAD_COUNT_DEFAULT = 5;
const TYPEAHEAD_COUNT_MAX = 20;

/**
 * Search text: the search ignores control characters (search.query.ts), so
 * NUL, which the boundary refuses in any other text, is dropped here instead.
 */
const zSearchText = z.string().overwrite((s) => s.replaceAll('\u0000', ''));

const zSearchScope = z.enum(['pins', 'boards', 'users', 'my_pins']);
export type SearchScope = z.infer<typeof zSearchScope>;

export const zBaseSearch = z.strictObject({
  query: zSearchText.trim().min(1, 'query: Enter something to search for.').max(SEARCH_QUERY_MAX),
  scope: zSearchScope.default('pins'),
  ...zReadExtras,
});

export const zSearchTypeahead = z.strictObject({
  term: zSearchText.trim().max(SEARCH_QUERY_MAX).default(''),
  pin_scope: zSearchScope.default('pins'),
  count: z.coerce.number().int().min(1).max(TYPEAHEAD_COUNT_MAX).default(TYPEAHEAD_COUNT_DEFAULT),
});
