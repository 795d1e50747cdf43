/**
 * Reading profiles and the signed-in Viewer.
 */
import type { TUpdateUserMetadata } from '@pinboard/shared/schemas/users';
import { avatarOrNull } from '@pinboard/shared/text/avatar';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { requireViewer, type RequestContext } from '../../lib/context';
import { presentProfile } from './users.present';
import { usersRepo } from './users.repo';

export function createUsersService({ db, config }: { db: Db; config: { experiments: Record<string, string> } }) {
  return {
    async getProfile(ctx: RequestContext, username: string) {
      const user = await usersRepo.byUsername(db, username);
      if (!user) throw notFound('That profile');
      const isOwner = ctx.viewer?.id === user.id;
      const counts = await usersRepo.profileCounts(db, user.id, isOwner);
      const rel = ctx.viewer && !isOwner ? await relationship(db, ctx.viewer.id, user.id) : none;
      return presentProfile(user, counts, { isOwner, ...rel });
    },

    /** The viewer's metadata and view preferences (board sort order, densities, save behaviour). */
    async metadata(ctx: RequestContext) {
      const user = await usersRepo.byId(db, requireViewer(ctx).id);
      return { ...user!.metadata, save_behavior: user!.save_behavior };
    },

    async updateMetadata(ctx: RequestContext, input: TUpdateUserMetadata) {
      const viewer = requireViewer(ctx);
      const { save_behavior, board_sort_order, orbac_subject_id: _subject, ...prefs } = input;
      const patch: Record<string, unknown> = { ...prefs };
      if (board_sort_order) {
        const user = await usersRepo.byId(db, viewer.id);
        const perBoard = (user!.metadata.board_sort_orders as Record<string, string> | undefined) ?? {};
        patch.board_sort_orders = { ...perBoard, [board_sort_order.board_id]: board_sort_order.order };
      }
      await db.query(
        'UPDATE users SET metadata = metadata || $2::jsonb, save_behavior = COALESCE($3, save_behavior) WHERE id = $1',
        [viewer.id, JSON.stringify(patch), save_behavior ?? null],
      );
      return this.metadata(ctx);
    },

    /** The Viewer of the API contract §2, as the spec spells its fields. */
    async viewer(ctx: RequestContext) {
      if (!ctx.viewer) return { isAuth: false, experiments: config.experiments };
      const user = await usersRepo.byId(db, ctx.viewer.id);
      if (!user) return { isAuth: false };
      const counts = await usersRepo.profileCounts(db, user.id, true);
      return {
        isAuth: true,
        id: user.id,
        username: user.username,
        full_name: user.full_name,
        image_medium_url: avatarOrNull(user.image_url ?? ''),
        isPartner: user.is_partner,
        isEmployee: user.is_employee,
        hasPublishedPins: counts.pin_count > 0,
        shouldDefaultCommentsOff: false,
        boardCount: counts.board_count,
        secretBoardCount: counts.secret_board_count,
        save_behavior: user.save_behavior,
        has_quicksave_board: false,
        locale: user.locale,
        country: user.country,
        experiments: config.experiments,
      };
    },
  };
}

const none = { followedByMe: false, followingMe: false, blockedByMe: false };

async function relationship(db: Db, viewerId: string, userId: string) {
  const [row] = await db.query<{ followed_by_me: boolean; following_me: boolean; blocked_by_me: boolean }>(
    `SELECT
       EXISTS (SELECT 1 FROM follows WHERE follower_id = $1 AND followee_id = $2) AS followed_by_me,
       EXISTS (SELECT 1 FROM follows WHERE follower_id = $2 AND followee_id = $1) AS following_me,
       EXISTS (SELECT 1 FROM blocks WHERE blocker_id = $1 AND blocked_id = $2) AS blocked_by_me`,
    [viewerId, userId],
  );
  return { followedByMe: !!row?.followed_by_me, followingMe: !!row?.following_me, blockedByMe: !!row?.blocked_by_me };
}

export type UsersService = ReturnType<typeof createUsersService>;
