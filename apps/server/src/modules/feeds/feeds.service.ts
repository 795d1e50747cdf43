/**
 * Feeds of Pins, keyset-paged: home (followed people and boards plus one's
 * own; everything public when signed out), a board, a user's Pins.
 */
import type { TPinFlagFilter } from '@pinboard/shared/schemas/pin-filters';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { readerOf, requireViewer, type RequestContext } from '../../lib/context';
import { decodeCursor, pageOf } from '../../lib/cursor';
import type { PageRequest } from '../../lib/paging';
import type { AdsService } from '../ads';
import type { BoardsService } from '../boards';
import { presentPin } from '../pins';
import { type PinWithRefs, userByUsername } from '../../kernel';
import { feedsRepo, type RankCursor, type RankedPin } from './feeds.repo';
import type { SectionsService } from '../sections';
import { recommendations, type RecommendedPin } from '../topics';

function toPage(rows: PinWithRefs[], pageSize: number) {
  const page = pageOf(rows, pageSize, (p) => [p.id]);
  return { items: page.items.map(presentPin), bookmark: page.bookmark };
}

/** Followed sources' Pins and recommendations, both newest first below the same id: one list, a Pin from a followed source winning. */
function mergedPage(rows: PinWithRefs[], recs: RecommendedPin[], pageSize: number) {
  const byId = new Map<string, { row: PinWithRefs; rec: RecommendedPin | null }>();
  for (const rec of recs) byId.set(rec.id, { row: rec, rec });
  for (const row of rows) byId.set(row.id, { row, rec: null });
  const merged = [...byId.values()].sort((a, b) => (BigInt(b.row.id) > BigInt(a.row.id) ? 1 : -1)).slice(0, pageSize + 1);
  const page = pageOf(merged, pageSize, (m) => [m.row.id]);
  const items = page.items.map(({ row, rec }) => {
    const pin = presentPin(row);
    if (!rec) return pin;
    const reason = rec.reason_interest_id
      ? { type: 'interest' as const, interest_id: rec.reason_interest_id, interest_name: rec.reason_interest_name }
      : { type: 'popular' as const, interest_id: null, interest_name: null };
    return { ...pin, recommendation_reason: reason };
  });
  return { items, bookmark: page.bookmark };
}

/** A board's and a section's pages end at a rank and an id (custom order, decision 065). */
const RANK = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/;
const rankAfter = (bookmark: string | undefined): RankCursor | null => {
  const c = decodeCursor(bookmark, [RANK, 'id']);
  return c ? { rank: Number(c[0]), id: c[1] } : null;
};

function toRankedPage(rows: RankedPin[], pageSize: number) {
  const page = pageOf(rows, pageSize, (p) => [String(p.order_rank), p.id]);
  return { items: page.items.map(presentPin), bookmark: page.bookmark };
}

const before = (bookmark: string | undefined) => {
  const c = decodeCursor(bookmark, ['id']);
  return c ? c[0] : null;
};

export function createFeedsService({ db, boards, sections, ads }: { db: Db; boards: BoardsService; sections: SectionsService; ads: AdsService }) {
  return {
    /**
     * Signed in: the ordered merge of followed sources (decision 024). Someone
     * who follows few people and boards (topics FEW_FOLLOWS) also gets Pins of
     * the topics they follow (and, until they follow anyone, popular public
     * Pins of those topics: decision 097) mixed in by the same id
     * keyset, each marked with why. The page's statement also counts the
     * viewer's follows (capped), so a page is one statement; recommendations
     * and a page that did not stand (feedsRepo.home) each add one, read side
     * by side after it.
     */
    async home(ctx: RequestContext, o: PageRequest) {
      if (!ctx.viewer) return toPage(await feedsRepo.discover(readerOf(ctx, db), before(o.bookmark), o.pageSize + 1), o.pageSize);
      const viewerId = ctx.viewer.id;
      const below = before(o.bookmark);
      const first = await feedsRepo.home(readerOf(ctx, db), viewerId, below, o.pageSize + 1);
      // A page that does not stand and the recommendations are read side by side: two round trips at most, one after the other.
      const [rows, recs] = await Promise.all([
        first.stands ? first.rows : feedsRepo.homeExact(readerOf(ctx, db), viewerId, below, o.pageSize + 1),
        recommendations.wantedFor(first.followedSources)
          ? recommendations.pins(readerOf(ctx, db), viewerId, below, o.pageSize + 1, first.followedSources)
          : null,
      ]);
      const page = recs ? mergedPage(rows, recs, o.pageSize) : toPage(rows, o.pageSize);
      // Promoted Pins among the page's (no query where no ad serves the viewer's country).
      return { items: await ads.delivery.withAds(ctx.viewer, page.items), bookmark: page.bookmark };
    },

    async board(ctx: RequestContext, boardId: string, o: PageRequest) {
      await boards.visibleBoard(ctx, boardId);
      const rows = await feedsRepo.board(readerOf(ctx, db), ctx.viewer?.id ?? null, boardId, rankAfter(o.bookmark), o.pageSize + 1);
      return toRankedPage(rows, o.pageSize);
    },

    async section(ctx: RequestContext, sectionId: string, o: PageRequest) {
      await sections.visibleSection(ctx, sectionId);
      const rows = await feedsRepo.section(readerOf(ctx, db), ctx.viewer?.id ?? null, sectionId, rankAfter(o.bookmark), o.pageSize + 1);
      return toRankedPage(rows, o.pageSize);
    },

    async boardless(ctx: RequestContext, username: string, o: PageRequest) {
      const user = await userByUsername(readerOf(ctx, db), username);
      if (!user) throw notFound('profile');
      const rows = await feedsRepo.boardless(readerOf(ctx, db), ctx.viewer?.id ?? null, user.id, before(o.bookmark), o.pageSize + 1);
      return toPage(rows, o.pageSize);
    },

    /** The Created tab: Pins the person made themselves. */
    async createdPins(ctx: RequestContext, username: string, o: PageRequest) {
      const user = await userByUsername(readerOf(ctx, db), username);
      if (!user) throw notFound('profile');
      const rows = await feedsRepo.created(readerOf(ctx, db), ctx.viewer?.id ?? null, user.id, before(o.bookmark), o.pageSize + 1);
      return toPage(rows, o.pageSize);
    },

    /** GET /v3/users/me/filtered/pins/: the viewer's own Pins under the profile's Pin filters. */
    async ownFilteredPins(ctx: RequestContext, flags: TPinFlagFilter | undefined, o: PageRequest) {
      const viewer = requireViewer(ctx);
      const filter = {
        favorites: flags === 'FAVORITED' || flags === 'FAVORITED_AND_CREATED_BY_ME',
        createdOnly: flags === 'CREATED_BY_ME' || flags === 'FAVORITED_AND_CREATED_BY_ME',
      };
      const rows = await feedsRepo.ownFiltered(readerOf(ctx, db), viewer.id, filter, before(o.bookmark), o.pageSize + 1);
      return toPage(rows, o.pageSize);
    },

    async videoPins(ctx: RequestContext, username: string, o: PageRequest) {
      const user = await userByUsername(readerOf(ctx, db), username);
      if (!user) throw notFound('profile');
      return toPage(await feedsRepo.videos(readerOf(ctx, db), ctx.viewer?.id ?? null, user.id, before(o.bookmark), o.pageSize + 1), o.pageSize);
    },

    async storyPins(ctx: RequestContext, username: string, o: PageRequest) {
      const user = await userByUsername(readerOf(ctx, db), username);
      if (!user) throw notFound('profile');
      return toPage(await feedsRepo.stories(readerOf(ctx, db), ctx.viewer?.id ?? null, user.id, before(o.bookmark), o.pageSize + 1), o.pageSize);
    },

    async userPins(ctx: RequestContext, username: string, o: PageRequest) {
      const user = await userByUsername(readerOf(ctx, db), username);
      if (!user) throw notFound('profile');
      const rows = await feedsRepo.pinner(readerOf(ctx, db), ctx.viewer?.id ?? null, user.id, before(o.bookmark), o.pageSize + 1);
      return toPage(rows, o.pageSize);
    },
  };
}
