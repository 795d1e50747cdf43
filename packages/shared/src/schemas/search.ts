/**
 * Search that understands (docs/decisions/084-search-that-understands.md): SearchResource,
 * SearchSuggestionsResource and RecentSearchesResource (docs/product/api-contract.md §9).
 */
import { z } from 'zod';
import { zBookmark, zPageSize, zReadExtras } from './common';
import { zBoardOut, zPinOut } from './entities';

const SEARCH_QUERY_MAX = 100;

/** Search text: control characters are ignored by the search, so NUL is dropped here rather than refused. */
const zSearchText = z.string().overwrite((s) => s.replaceAll('\u0000', ''));

/** What a search looks through: Pins (all, the viewer's own, videos, Idea Pins), boards, people. */
const SEARCH_FILTER_SCOPES = ['pins', 'my_pins', 'videos', 'idea_pins', 'boards', 'users'] as const;
export type SearchFilterScope = (typeof SEARCH_FILTER_SCOPES)[number];

/** SearchResource.get */
export const zSearch = z.strictObject({
  query: zSearchText.trim().min(1, 'query: Enter something to search for.').max(SEARCH_QUERY_MAX),
  scope: z.enum(SEARCH_FILTER_SCOPES).default('pins'),
  /** A dominant colour (#rrggbb): Pins of a near colour (the same of 64 palette groups). */
  color: z
    .string()
    .regex(/^#?[0-9a-fA-F]{6}$/, 'color: A colour is six hex digits.')
    .transform((c) => (c.startsWith('#') ? c : `#${c}`).toLowerCase())
    .optional(),
  /** The language to read the query in (the page's); else the account's. */
  locale: z.string().max(16).optional(),
  bookmark: zBookmark,
  page_size: zPageSize,
});

/** SearchSuggestionsResource.get */
export const zSearchSuggestions = z.strictObject({
  query: zSearchText.trim().max(SEARCH_QUERY_MAX).default(''),
});

/** RecentSearchesResource.delete */
export const zRecentSearchesDelete = z.strictObject({});

const zSearchUserOut = z.strictObject({
  id: z.string(),
  username: z.string(),
  full_name: z.string(),
  image_small_url: z.string().nullable(),
  image_medium_url: z.string().nullable(),
  type: z.literal('user'),
  follower_count: z.number(),
  is_private_profile: z.boolean(),
  explicitly_followed_by_me: z.boolean(),
});

/** SearchResource.get: one page, and a corrected query when the typed one found nothing. */
export const zSearchOut = z.strictObject({
  data: z.array(z.union([zPinOut, zBoardOut, zSearchUserOut])),
  bookmark: z.string().nullable(),
  did_you_mean: z.string().optional(),
});

const zSuggestedSearch = z.strictObject({ query: z.string(), url: z.string() });
const zSuggestedItem = z.strictObject({ label: z.string(), url: z.string() });

/** SearchSuggestionsResource.get: for an empty box, or while typing. */
export const zSearchSuggestionsOut = z.union([
  z.strictObject({ recent: z.array(zSuggestedSearch), trending: z.array(zSuggestedSearch) }),
  z.strictObject({
    pins: z.array(zSuggestedItem),
    boards: z.array(zSuggestedItem),
    users: z.array(zSuggestedItem),
    topics: z.array(zSuggestedItem),
  }),
]);

/** RecentSearchesResource.delete */
export const zRecentSearchesDeleteOut = z.strictObject({ cleared: z.number() });

/*
 * The first search's options (docs/product/api-contract.md §2: BaseSearchResource;
 * docs/product/logged-out-and-business.md §7: the typeahead), moved here from the server (decision 080).
 */
const TYPEAHEAD_COUNT_DEFAULT = 5;
const TYPEAHEAD_COUNT_MAX = 20;

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
