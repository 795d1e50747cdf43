/**
 * Tried Pins: a signed-in person marks a Pin they can see as tried (from its
 * closeup); their profile's Tried tab lists those Pins to whoever may see
 * both the profile's content and the Pin.
 */
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { requireViewer, type RequestContext } from '../../lib/context';
import { decodeCursor, pageOf } from '../../lib/cursor';
import { newId } from '../../lib/ids';
import type { PageRequest } from '../../lib/paging';
import { presentPin } from '../pins';
import { visiblePinById, userByUsername } from '../../kernel';
import { triedRepo } from './tried.repo';

/** eligible_profile_tabs tab types (docs/product/profiles-and-boards.md §3). */
const TAB_SAVED = 0;
const TAB_CREATED = 1;
const TAB_TRIED = 3;

/**
 * Saved (the default) and Created always; Tried when the person tried a Pin
 * the viewer may see, and always for the owner, who finds the tab and its
 * empty state there.
 */
/** The created tab is the default when story Pins exist and the viewer may see them (docs/product/profiles-and-boards.md §2). */
export function eligibleProfileTabs({ isOwner, hasTried, hasStoryPins = false }: { isOwner: boolean; hasTried: boolean; hasStoryPins?: boolean }) {
  return [
    { tab_type: TAB_SAVED, is_default: !hasStoryPins },
    { tab_type: TAB_CREATED, is_default: hasStoryPins },
    ...(isOwner || hasTried ? [{ tab_type: TAB_TRIED, is_default: false }] : []),
  ];
}

export function createTriedService({ db }: { db: Db }) {
  async function visiblePinId(ctx: RequestContext, pinId: string) {
    const pin = await visiblePinById(db, pinId, ctx.viewer?.id ?? null);
    if (!pin) throw notFound('pin');
    return pin.id;
  }

  async function state(ctx: RequestContext, pinId: string) {
    return {
      pin_id: pinId,
      tried_by_me: ctx.viewer ? await triedRepo.isTried(db, ctx.viewer.id, pinId) : false,
      tried_count: await triedRepo.triedCount(db, pinId),
    };
  }

  return {
    /** Whether the viewer tried this Pin, and how many people did. */
    async get(ctx: RequestContext, pinId: string) {
      return state(ctx, await visiblePinId(ctx, pinId));
    },

    /** Marks the Pin as tried by the viewer (never by anyone else). */
    async mark(ctx: RequestContext, pinId: string) {
      const viewer = requireViewer(ctx);
      const id = await visiblePinId(ctx, pinId);
      await triedRepo.mark(db, newId(), viewer.id, id);
      return state(ctx, id);
    },

    async unmark(ctx: RequestContext, pinId: string) {
      const viewer = requireViewer(ctx);
      const id = await visiblePinId(ctx, pinId);
      await triedRepo.unmark(db, viewer.id, id);
      return state(ctx, id);
    },

    /** The profile's Tried tab. */
    async list(ctx: RequestContext, username: string, o: PageRequest) {
      const user = await userByUsername(db, username);
      if (!user) throw notFound('profile');
      const viewerId = ctx.viewer?.id ?? null;
      const cursor = decodeCursor(o.bookmark, ['id']);
      const rows = await triedRepo.list(db, viewerId, user.id, cursor ? cursor[0] : null, o.pageSize + 1);
      const page = pageOf(rows, o.pageSize, (row) => [row.try_id]);
      return { items: page.items.map(presentPin), bookmark: page.bookmark };
    },

    /** The eligible tabs of a profile, for its answer. */
    async eligibleTabs(ctx: RequestContext, userId: string, contentVisible: boolean) {
      const isOwner = ctx.viewer?.id === userId;
      const hasTried = contentVisible && (isOwner || (await triedRepo.hasVisibleTried(db, ctx.viewer?.id ?? null, userId)));
      return eligibleProfileTabs({ isOwner, hasTried });
    },
  };
}
