import { zPickerBoards, zPickerShortlist } from '@pinboard/shared/schemas/pins';
import { action, type ResourceRegistry } from '../../lib/resources';
import type { Services } from '../../services';

export function registerPickerResources(registry: ResourceRegistry, s: Services) {
  registry.add({
    name: 'BoardPickerBoardsResource',
    description: 'Boards the viewer can save to: all_boards (most recently used first) and boards_shortlist (2). Secret boards are hidden when an advertiser account is used.',
    actions: {
      get: action({
        summary: 'Read the board picker boards',
        options: zPickerBoards,
        auth: 'required',
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
        handler: (ctx, o) => s.picker.shortlist(ctx, { pinId: o.pin_id, length: o.shortlist_length ?? 2, suggestions: o.num_shortlist_suggestions ?? 2 }),
      }),
    },
  });
}
