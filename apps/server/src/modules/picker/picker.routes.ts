import { zBoardTitleSuggestions, zPickerBoards, zPickerShortlist } from '@pinboard/shared/schemas/pins';
import { isId } from '@pinboard/shared/schemas/ids';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/app-error';
import { requireViewer } from '../../lib/context';
import { successBody } from '../../lib/envelope';
import { action, type ResourceRegistry } from '../../lib/resources';
import { contextOf } from '../../plugins/session';
import type { Services } from '../../services';

export function registerPickerResources(registry: ResourceRegistry, s: Services) {
  registry.add({
    name: 'BoardPickerBoardsResource',
    description:
      "Boards the viewer (or the business `orbac_subject_id` names) can save to: all_boards (most recently used first) and boards_shortlist (2). With an advertiser account secret boards are hidden, and only protected ones are offered when the account's owner is not the viewer.",
    actions: {
      get: action({
        summary: 'Read the board picker boards',
        options: zPickerBoards,
        auth: 'required',
        actingAs: 'read',
        actingWithSession: true,
        handler: (ctx, o) => s.picker.boards(ctx, { query: o.query, advertiserId: o.advertiser_id, filter: o.filter }),
      }),
    },
  });
  registry.add({
    name: 'BoardPickerBoardsShortlistResource',
    description: 'The top board suggestions for saving a Pin: the most recently used boards, then boards whose names share a word with the Pin.',
    actions: {
      get: action({
        summary: 'Read the shortlist',
        options: zPickerShortlist,
        auth: 'required',
        actingAs: 'read',
        actingWithSession: true,
        handler: (ctx, o) => s.picker.shortlist(ctx, { pinId: o.pin_id, length: o.shortlist_length ?? 2, suggestions: o.num_shortlist_suggestions ?? 2 }),
      }),
    },
  });
  registry.add({
    name: 'BoardTitleSuggestionsResource',
    description:
      'Names for a new board, derived from a Pin the viewer may see (404 otherwise): its topics, its title and the boards similar Pins are on; each a title with metadata (kind, value, confidence).',
    actions: {
      get: action({
        summary: 'Read board title suggestions',
        options: zBoardTitleSuggestions,
        auth: 'required',
        handler: (ctx, o) => s.picker.titleSuggestions(ctx, o.pin_id),
      }),
    },
  });
}

/** The spec path GET /v3/pins/{id}/board_title_suggestions/ (docs/product/profiles-and-boards.md §7). */
export function registerPickerSpecRoutes(app: FastifyInstance, s: Services) {
  app.get<{ Params: { id: string } }>('/v3/pins/:id/board_title_suggestions/', async (req) => {
    const ctx = contextOf(req);
    requireViewer(ctx);
    if (!isId(req.params.id)) throw notFound('pin');
    return successBody('spec', await s.picker.titleSuggestions(ctx, req.params.id));
  });
}
