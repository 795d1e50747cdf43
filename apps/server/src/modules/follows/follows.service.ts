/**
 * Following people and boards. A private profile can be followed only with its owner's
 * invite code (so every follower of a private profile is an approved one);
 * nobody follows across a block; nobody follows themselves. A board can be
 * followed by whoever may see it (boards.policy), not by its owner, and not
 * across a block with its owner (decision 089).
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { AppError, forbidden, invalid, keyedError, notFound } from '../../lib/app-error';
import { requireViewer, type RequestContext } from '../../lib/context';
import { decodeCursor, pageOf } from '../../lib/cursor';
import type { PageRequest } from '../../lib/paging';
import { boardById, seenBoard, userById, userByUsername } from '../../kernel';
import { presentUserSummary, canSeeProfileContent } from '../users';
import { blockAnswersAsMissing, blockBetween } from '../blocks';
import type { EventEmitter } from '../../events/bus';
import { followsRepo } from './follows.repo';

export function createFollowsService({ db, events }: { db: Db; events: EventEmitter }) {
  async function followable(ctx: RequestContext, userId: string) {
    const viewer = requireViewer(ctx);
    if (viewer.id === userId) throw invalid('user_id: you cannot follow yourself.');
    const user = await userById(db, userId);
    if (!user) throw notFound('person');
    const block = await blockBetween(db, viewer.id, user.id);
    if (block) throw blockAnswersAsMissing(viewer.id, block) ? notFound('person') : forbidden("You can't follow this person.");
    return { viewer, user };
  }

  /** The board as the viewer sees it, or a 404: what may not be seen answers as missing. */
  async function seenBoardOrMissing(ctx: RequestContext, boardId: string) {
    const viewer = requireViewer(ctx);
    const board = seenBoard(viewer, await boardById(db, boardId, viewer.id));
    if (!board) throw notFound('board');
    return { viewer, board };
  }

  async function boardFollowFacts(ctx: RequestContext, boardId: string) {
    const { board } = await seenBoardOrMissing(ctx, boardId);
    return { board_id: board.id, followed_by_me: board.followed_by_me, follower_count: board.follower_count };
  }

  return {
    /** BoardFollowResource create (decision 089): a board the viewer sees, not their own, no block with its owner. */
    async followBoard(ctx: RequestContext, boardId: string) {
      const { viewer, board } = await seenBoardOrMissing(ctx, boardId);
      if (board.owner_id === viewer.id) throw keyedError('INVALID_INPUT', 'follows.ownBoard');
      const block = await blockBetween(db, viewer.id, board.owner_id);
      if (block) throw blockAnswersAsMissing(viewer.id, block) ? notFound('board') : keyedError('FORBIDDEN', 'follows.boardBlocked');
      await followsRepo.followBoard(db, viewer.id, board.id);
      return boardFollowFacts(ctx, board.id);
    },

    /** BoardFollowResource delete: ends the viewer's follow of a board they see (none: nothing changes). */
    async unfollowBoard(ctx: RequestContext, boardId: string) {
      const { viewer, board } = await seenBoardOrMissing(ctx, boardId);
      await followsRepo.unfollowBoard(db, viewer.id, board.id);
      return boardFollowFacts(ctx, board.id);
    },

    async follow(ctx: RequestContext, userId: string, inviteCode?: string) {
      const { viewer, user } = await followable(ctx, userId);
      const already = await followsRepo.follows(db, viewer.id, user.id);
      if (user.is_private_profile && !already && (!inviteCode || inviteCode !== user.invite_code)) {
        throw forbidden('This profile is private. Only approved followers can follow it.');
      }
      // A new follow is announced (decision 086: notifications tells the person followed).
      if (await followsRepo.follow(db, viewer.id, user.id)) await events.emit('user.followed', { followerId: viewer.id, followeeId: user.id });
      return {
        user_id: user.id,
        explicitly_followed_by_me: true,
        follower_count: await followsRepo.followerCount(db, user.id),
        explicitly_following_me: await followsRepo.follows(db, user.id, viewer.id),
      };
    },

    async unfollow(ctx: RequestContext, userId: string) {
      const viewer = requireViewer(ctx);
      const user = await userById(db, userId);
      if (!user) throw notFound('person');
      await followsRepo.unfollow(db, viewer.id, userId);
      // No longer following a private profile: its count is hidden again, as on the profile.
      const follower_count = canSeeProfileContent(viewer, user, false) ? await followsRepo.followerCount(db, userId) : 0;
      return { user_id: userId, explicitly_followed_by_me: false, follower_count };
    },

    /** Followers or following of a profile; private profiles show them only to the owner and followers. */
    async list(ctx: RequestContext, username: string, direction: 'followers' | 'following', o: PageRequest) {
      const user = await userByUsername(db, username);
      if (!user) throw notFound('profile');
      const viewerFollows = ctx.viewer ? await followsRepo.follows(db, ctx.viewer.id, user.id) : false;
      if (!canSeeProfileContent(ctx.viewer, user, viewerFollows)) throw notFound('list');
      const cursor = decodeCursor(o.bookmark, ['timestamp', 'id']);
      const rows = await followsRepo.list(db, ctx.viewer?.id ?? null, user.id, direction, cursor, o.pageSize + 1);
      const page = pageOf(rows, o.pageSize, (r) => [r.followed_at.toISOString(), r.id]);
      const followedByMe = ctx.viewer
        ? await followsRepo.followedAmong(
            db,
            ctx.viewer.id,
            page.items.map((r) => r.id),
          )
        : new Set<string>();
      return {
        items: page.items.map((r) => ({ ...presentUserSummary(r), follower_count: r.follower_count, explicitly_followed_by_me: followedByMe.has(r.id) })),
        bookmark: page.bookmark,
      };
    },

    /** The viewer's invite code, made on first use; sharing it lets people follow a private profile. */
    async inviteCode(ctx: RequestContext) {
      const viewer = requireViewer(ctx);
      const code = await followsRepo.inviteCodeOf(db, viewer.id, randomBytes(12).toString('hex'));
      return { invite_code: code, url: `/${viewer.username}/?invite_code=${code}` };
    },

    /** POST /v3/invite_code/{code}/redeem/: follow the code's owner. `null`: what was sent cannot be a code. */
    async redeem(ctx: RequestContext, code: string | null) {
      requireViewer(ctx);
      const owner = code === null ? null : await followsRepo.inviteCodeOwner(db, code);
      if (!owner || code === null) throw new AppError('NOT_FOUND', "That invite link isn't valid any more.");
      const result = await this.follow(ctx, owner.id, code);
      return { ...result, username: owner.username };
    },
  };
}
