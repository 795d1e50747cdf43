/**
 * Blocking: cuts following both ways (people and each other's boards), ends board collaboration and pending
 * board invites between the two, and stops messages, follows and saves
 * between the two (those services ask the block door, blocks.policy).
 */
import type { Db } from '../../db/client';
import { invalid, notFound } from '../../lib/app-error';
import { requireViewer, type RequestContext } from '../../lib/context';
import { blocksRepo } from './blocks.repo';
import { userById } from '../../kernel';

export function createBlocksService({ db }: { db: Db }) {
  async function target(ctx: RequestContext, userId: string) {
    const viewer = requireViewer(ctx);
    if (viewer.id === userId) throw invalid('blocked_user_id: you cannot block yourself.');
    const user = await userById(db, userId);
    if (!user) throw notFound('person');
    return { viewer, user };
  }

  return {
    async block(ctx: RequestContext, userId: string) {
      const { viewer, user } = await target(ctx, userId);
      await db.tx((tx) => blocksRepo.block(tx, viewer.id, user.id));
      return { blocked_user_id: user.id, blocked_by_me: true, full_name: user.full_name };
    },

    async unblock(ctx: RequestContext, userId: string) {
      const { viewer, user } = await target(ctx, userId);
      await blocksRepo.unblock(db, viewer.id, user.id);
      return { blocked_user_id: user.id, blocked_by_me: false, full_name: user.full_name };
    },
  };
}
