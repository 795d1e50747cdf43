import { zBoardFeed } from '@pinboard/shared/schemas/boards';
import { zBoardlessPins, zHomefeed } from '@pinboard/shared/schemas/pins';
import { PAGE_SIZE_DEFAULT } from '@pinboard/shared/constants/limits';
import { z } from 'zod';
import { zReadExtras } from '@pinboard/shared/schemas/common';
import { invalid } from '../../lib/app-error';
import { action, paged, type ResourceRegistry } from '../../lib/resources';
import type { Services } from '../../services';

export function registerFeedResources(registry: ResourceRegistry, s: Services) {
  registry.add({
    name: 'UserHomefeedResource',
    description: 'The home feed: Pins from followed people and boards and your own, newest first (all public Pins when signed out).',
    actions: {
      get: action({
        summary: 'Read the home feed',
        options: zHomefeed,
        async handler(ctx, o) {
          const page = await s.feeds.home(ctx, { bookmark: o.bookmark, pageSize: o.page_size ?? PAGE_SIZE_DEFAULT });
          return paged(page.items, page.bookmark);
        },
      }),
    },
  });

  registry.add({
    name: 'BoardFeedResource',
    description: "A board's Pins, newest first.",
    actions: {
      get: action({
        summary: "Read a board's Pins",
        options: zBoardFeed,
        async handler(ctx, o) {
          const paging = { bookmark: o.bookmark, pageSize: o.page_size ?? PAGE_SIZE_DEFAULT };
          if (o.section_id) {
            const { section } = await s.sections.visibleSection(ctx, o.section_id);
            if (section.board_id !== o.board_id) throw invalid('section_id: that section is not on this board.');
          }
          const page = o.section_id ? await s.feeds.section(ctx, o.section_id, paging) : await s.feeds.board(ctx, o.board_id, paging);
          return paged(page.items, page.bookmark);
        },
      }),
    },
  });

  registry.add({
    name: 'BoardlessPinsResource',
    description: 'Pins a user saved to their profile without a board (unorganized ideas).',
    actions: {
      get: action({
        summary: "Read a user's boardless Pins",
        options: zBoardlessPins,
        async handler(ctx, o) {
          const page = await s.feeds.boardless(ctx, o.username, { bookmark: o.bookmark, pageSize: o.page_size ?? PAGE_SIZE_DEFAULT });
          return paged(page.items, page.bookmark);
        },
      }),
    },
  });

  registry.add({
    name: 'UserPinsResource',
    description: "Pins a user saved, newest first.",
    actions: {
      get: action({
        summary: "Read a user's Pins",
        options: z.strictObject({ username: z.string().min(1).max(64), isAuthenticated: z.boolean().optional(), isOwnProfile: z.boolean().optional(), ...zReadExtras }),
        async handler(ctx, o) {
          const page = await s.feeds.userPins(ctx, o.username, { bookmark: o.bookmark, pageSize: o.page_size ?? PAGE_SIZE_DEFAULT });
          return paged(page.items, page.bookmark);
        },
      }),
    },
  });
}
