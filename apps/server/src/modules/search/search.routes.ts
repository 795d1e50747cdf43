import { action, pagedAction, type ResourceRegistry } from '../../lib/resources';
import type { Services } from '../../services';
import { pageRequestOf } from '../../lib/paging';
import { zBaseSearch, zRecentSearchesDelete, zSearch, zSearchSuggestions, zSearchTypeahead } from '@pinboard/shared/schemas/search';

export function registerSearchResources(registry: ResourceRegistry, s: Services) {
  registry.add({
    name: 'BaseSearchResource',
    description: "Search Pins, boards or people, or (scope my_pins, signed in) the viewer's own Pins; most relevant first, only what the viewer may see.",
    actions: {
      get: pagedAction({
        summary: 'Search by query and scope',
        options: zBaseSearch,
        read: (ctx, o, page) => s.search.search(ctx, { query: o.query, scope: o.scope, ...page }),
      }),
    },
  });

  registry.add({
    name: 'SearchTypeaheadResource',
    description: 'Suggestions while typing a search: up to `count` texts and a hint (the first that starts with the term).',
    actions: {
      get: action({
        summary: 'Suggest completions for a search term',
        options: zSearchTypeahead,
        handler: (ctx, o) => s.search.typeahead(ctx, { term: o.term, scope: o.pin_scope, count: o.count }),
      }),
    },
  });

  // Search that understands (decision 084): names of docs/product/api-contract.md §9.
  registry.add({
    name: 'SearchResource',
    description:
      'Search Pins (all, your own, videos, Idea Pins; near a dominant colour), boards or people: words match across forms and accents in your language, Japanese by substring; a corrected query when nothing was found.',
    actions: {
      get: action({
        summary: 'Search by query, scope and colour',
        options: zSearch,
        handler: (ctx, o) => s.search.find(ctx, { query: o.query, scope: o.scope, color: o.color, locale: o.locale, ...pageRequestOf(o) }),
      }),
    },
  });

  registry.add({
    name: 'SearchSuggestionsResource',
    description: 'An empty box: your recent searches and trending ones. While typing: Pins, boards, people and topics, each with where it leads.',
    actions: {
      get: action({ summary: 'Suggest searches', options: zSearchSuggestions, handler: (ctx, o) => s.search.suggestions(ctx, o) }),
    },
  });

  registry.add({
    name: 'RecentSearchesResource',
    description: 'Your recent searches.',
    actions: {
      delete: action({ summary: 'Clear your recent searches', options: zRecentSearchesDelete, auth: 'required', handler: (ctx) => s.search.clearRecent(ctx) }),
    },
  });
}
