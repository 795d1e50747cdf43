import { zUserPins } from '@pinboard/shared/schemas/pin-filters';
import { zBoardFeed } from '@pinboard/shared/schemas/boards';
import { zCreatedPins, zFilteredPins } from '@pinboard/shared/schemas/pin-filters';
import type { FastifyInstance } from 'fastify';
import { successBody } from '../../lib/envelope';
import { parseInput } from '../../lib/validation';
import { contextOf } from '../../plugins/session';
import { zBoardlessPins, zHomefeed } from '@pinboard/shared/schemas/pins';
import { invalid } from '../../lib/app-error';
import { pageRequestOf } from '../../lib/paging';
import { pagedAction, type ResourceRegistry } from '../../lib/resources';
import type { Services } from '../../services';

export function registerFeedResources(registry: ResourceRegistry, s: Services) {
  registry.add({
    name: 'UserHomefeedResource',
    description: 'The home feed: Pins from followed people and boards and your own, newest first (all public Pins when signed out).',
    actions: {
      get: pagedAction({
        summary: 'Read the home feed',
        options: zHomefeed,
        read: (ctx, o, page) => s.feeds.home(ctx, page),
      }),
    },
  });

  registry.add({
    name: 'BoardFeedResource',
    description: "A board's Pins, newest first.",
    actions: {
      get: pagedAction({
        summary: "Read a board's Pins (as a business one may act for, with orbac_subject_id)",
        options: zBoardFeed,
        actingAs: 'read',
        async read(ctx, o, paging) {
          if (o.section_id) {
            const { section } = await s.sections.visibleSection(ctx, o.section_id);
            if (section.board_id !== o.board_id) throw invalid('section_id: that section is not on this board.');
          }
          return o.section_id ? s.feeds.section(ctx, o.section_id, paging) : s.feeds.board(ctx, o.board_id, paging);
        },
      }),
    },
  });

  registry.add({
    name: 'BoardlessPinsResource',
    description: 'Pins a user saved to their profile without a board (unorganized ideas).',
    actions: {
      get: pagedAction({
        summary: "Read a user's boardless Pins",
        options: zBoardlessPins,
        read: (ctx, o, page) => s.feeds.boardless(ctx, o.username, page),
      }),
    },
  });

  registry.add({
    name: 'UserVideoPinsResource',
    description: "A user's video Pins, newest first: the video_pins tab.",
    actions: {
      get: pagedAction({
        summary: "Read a user's video Pins",
        options: zCreatedPins,
        read: (ctx, o, page) => s.feeds.videoPins(ctx, o.username, page),
      }),
    },
  });

  registry.add({
    name: 'UserStoryPinsResource',
    description: 'The Idea Pins a user made, newest first: the story_pins tab.',
    actions: {
      get: pagedAction({
        summary: "Read a user's Idea Pins",
        options: zCreatedPins,
        read: (ctx, o, page) => s.feeds.storyPins(ctx, o.username, page),
      }),
    },
  });

  registry.add({
    name: 'UserCreatedPinsResource',
    description: 'Pins a user made themselves (not saves of other Pins), newest first: the Created tab.',
    actions: {
      get: pagedAction({
        summary: "Read a user's created Pins",
        options: zCreatedPins,
        read: (ctx, o, page) => s.feeds.createdPins(ctx, o.username, page),
      }),
    },
  });

  registry.add({
    name: 'UserFilteredPinsResource',
    description:
      "Your own Pins under the own profile's Pin filters (flag_filters FAVORITED, CREATED_BY_ME, FAVORITED_AND_CREATED_BY_ME or none), newest first; the same as GET /v3/users/me/filtered/pins/.",
    actions: {
      get: pagedAction({
        summary: 'Read your filtered Pins',
        options: zFilteredPins,
        auth: 'required',
        read: (ctx, o, page) => s.feeds.ownFilteredPins(ctx, o.flag_filters, page),
      }),
    },
  });

  registry.add({
    name: 'UserPinsResource',
    description: 'Pins a user saved, newest first.',
    actions: {
      get: pagedAction({
        summary: "Read a user's Pins",
        options: zUserPins,
        read: (ctx, o, page) => s.feeds.userPins(ctx, o.username, page),
      }),
    },
  });
}

/** The spec path GET /v3/users/me/filtered/pins/ (docs/product/api-contract.md §1.1): query flag_filters, bookmark, page_size. */
export function registerFeedSpecRoutes(app: FastifyInstance, s: Services) {
  app.get('/v3/users/me/filtered/pins/', async (req) => {
    const o = parseInput(zFilteredPins, req.query ?? {}, '');
    const page = await s.feeds.ownFilteredPins(contextOf(req), o.flag_filters, pageRequestOf(o));
    return successBody('spec', page.items, page.bookmark);
  });
}
