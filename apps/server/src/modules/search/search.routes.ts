import { action, pagedAction, type ResourceRegistry } from '../../lib/resources';
import type { Services } from '../../services';
import { zBaseSearch, zSearchTypeahead } from '@pinboard/shared/schemas/search';

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
}
