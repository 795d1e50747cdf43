import { zCreateBoard, zGetBoard, zGetBoards } from '@pinboard/shared/schemas/boards';
import { PAGE_SIZE_DEFAULT } from '@pinboard/shared/constants/limits';
import { action, paged, type ResourceRegistry } from '../../lib/resources';
import type { Services } from '../../services';

export function registerBoardResources(registry: ResourceRegistry, s: Services) {
  registry.add({
    name: 'BoardResource',
    description: 'One board.',
    actions: {
      get: action({
        summary: 'Read a board by board_id, or by username and slug',
        options: zGetBoard,
        handler: (ctx, o) => s.boards.get(ctx, 'board_id' in o ? { board_id: o.board_id } : { username: o.username, slug: o.slug }),
      }),
      create: action({
        summary: 'Create a board',
        options: zCreateBoard,
        auth: 'required',
        handler: (ctx, o) => s.boards.create(ctx, o),
      }),
    },
  });

  registry.add({
    name: 'BoardsResource',
    description: "A user's boards.",
    actions: {
      get: action({
        summary: "Read a user's boards the viewer may see",
        options: zGetBoards,
        async handler(ctx, o) {
          const page = await s.boards.listForUser(ctx, o.username, { bookmark: o.bookmark, pageSize: o.page_size ?? PAGE_SIZE_DEFAULT });
          return paged(page.items, page.bookmark);
        },
      }),
    },
  });
}
