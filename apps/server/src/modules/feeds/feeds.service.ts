/**
 * Feeds of Pins, keyset-paged: home (followed people and boards plus one's
 * own; everything public when signed out), a board, a user's Pins.
 */
import type { TPinFlagFilter } from '@pinboard/shared/schemas/pin-filters';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { requireViewer, type RequestContext } from '../../lib/context';
import { decodeCursor, pageOf } from '../../lib/cursor';
import type { BoardsService } from '../boards';
import { presentPin, type PinWithRefs } from '../pins';
import { feedsRepo } from './feeds.repo';
import type { SectionsService } from '../sections';
import { userByUsername } from '../users';

export interface PageOptions {
  bookmark?: string | undefined;
  pageSize: number;
}

function toPage(rows: PinWithRefs[], pageSize: number) {
  const page = pageOf(rows, pageSize, (p) => [p.id]);
  return { items: page.items.map(presentPin), bookmark: page.bookmark };
}

const before = (bookmark: string | undefined) => {
  const c = decodeCursor(bookmark, ['id']);
  return c ? c[0] : null;
};

export function createFeedsService({ db, boards, sections }: { db: Db; boards: BoardsService; sections: SectionsService }) {
  return {
    async home(ctx: RequestContext, o: PageOptions) {
      const rows = ctx.viewer
        ? await feedsRepo.home(db, ctx.viewer.id, before(o.bookmark), o.pageSize + 1)
        : await feedsRepo.discover(db, before(o.bookmark), o.pageSize + 1);
      return toPage(rows, o.pageSize);
    },

    async board(ctx: RequestContext, boardId: string, o: PageOptions) {
      await boards.visibleBoard(ctx, boardId);
      const rows = await feedsRepo.board(db, ctx.viewer?.id ?? null, boardId, before(o.bookmark), o.pageSize + 1);
      return toPage(rows, o.pageSize);
    },

    async section(ctx: RequestContext, sectionId: string, o: PageOptions) {
      await sections.visibleSection(ctx, sectionId);
      const rows = await feedsRepo.section(db, ctx.viewer?.id ?? null, sectionId, before(o.bookmark), o.pageSize + 1);
      return toPage(rows, o.pageSize);
    },

    async boardless(ctx: RequestContext, username: string, o: PageOptions) {
      const user = await userByUsername(db, username);
      if (!user) throw notFound('That profile');
      const rows = await feedsRepo.boardless(db, ctx.viewer?.id ?? null, user.id, before(o.bookmark), o.pageSize + 1);
      return toPage(rows, o.pageSize);
    },

    /** The Created tab: Pins the person made themselves. */
    async createdPins(ctx: RequestContext, username: string, o: PageOptions) {
      const user = await userByUsername(db, username);
      if (!user) throw notFound('That profile');
      const rows = await feedsRepo.created(db, ctx.viewer?.id ?? null, user.id, before(o.bookmark), o.pageSize + 1);
      return toPage(rows, o.pageSize);
    },

    /** GET /v3/users/me/filtered/pins/: the viewer's own Pins under the profile's Pin filters. */
    async ownFilteredPins(ctx: RequestContext, flags: TPinFlagFilter | undefined, o: PageOptions) {
      const viewer = requireViewer(ctx);
      const filter = {
        favorites: flags === 'FAVORITED' || flags === 'FAVORITED_AND_CREATED_BY_ME',
        createdOnly: flags === 'CREATED_BY_ME' || flags === 'FAVORITED_AND_CREATED_BY_ME',
      };
      const rows = await feedsRepo.ownFiltered(db, viewer.id, filter, before(o.bookmark), o.pageSize + 1);
      return toPage(rows, o.pageSize);
    },

    async videoPins(ctx: RequestContext, username: string, o: PageOptions) {
      const user = await userByUsername(db, username);
      if (!user) throw notFound('That profile');
      return toPage(await feedsRepo.videos(db, ctx.viewer?.id ?? null, user.id, before(o.bookmark), o.pageSize + 1), o.pageSize);
    },

    async storyPins(ctx: RequestContext, username: string, o: PageOptions) {
      const user = await userByUsername(db, username);
      if (!user) throw notFound('That profile');
      return toPage(await feedsRepo.stories(db, ctx.viewer?.id ?? null, user.id, before(o.bookmark), o.pageSize + 1), o.pageSize);
    },

    async userPins(ctx: RequestContext, username: string, o: PageOptions) {
      const user = await userByUsername(db, username);
      if (!user) throw notFound('That profile');
      const rows = await feedsRepo.pinner(db, ctx.viewer?.id ?? null, user.id, before(o.bookmark), o.pageSize + 1);
      return toPage(rows, o.pageSize);
    },
  };
}

export type FeedsService = ReturnType<typeof createFeedsService>;
