import { zFollowList, zFollowUser, zUnfollowUser } from '@pinboard/shared/schemas/social';
import { PAGE_SIZE_DEFAULT } from '@pinboard/shared/constants/limits';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { action, paged, type ResourceRegistry } from '../../lib/resources';
import { successBody } from '../../lib/envelope';
import { parseInput } from '../../lib/validation';
import { contextOf } from '../../plugins/session';
import type { Services } from '../../services';

export function registerFollowResources(registry: ResourceRegistry, s: Services) {
  registry.add({
    name: 'UserFollowResource',
    description: 'Follow or unfollow a person. A private profile needs its invite_code.',
    actions: {
      create: action({ summary: 'Follow', options: zFollowUser, auth: 'required', handler: (ctx, o) => s.follows.follow(ctx, o.user_id, o.invite_code) }),
      delete: action({ summary: 'Unfollow', options: zUnfollowUser, auth: 'required', handler: (ctx, o) => s.follows.unfollow(ctx, o.user_id) }),
    },
  });
  for (const [name, direction] of [['UserFollowersResource', 'followers'], ['UserFollowingResource', 'following']] as const) {
    registry.add({
      name,
      description: `A profile's ${direction}, newest first (private profiles: owner and followers only).`,
      actions: {
        get: action({
          summary: `Read ${direction}`,
          options: zFollowList,
          async handler(ctx, o) {
            const page = await s.follows.list(ctx, o.username, direction, { bookmark: o.bookmark, pageSize: o.page_size ?? PAGE_SIZE_DEFAULT });
            return paged(page.items, page.bookmark);
          },
        }),
      },
    });
  }
  registry.add({
    name: 'InviteCodeResource',
    description: "The viewer's invite code: sharing /{username}/?invite_code=… lets people follow a private profile.",
    actions: { get: action({ summary: 'Read (made on first use)', options: z.strictObject({}), auth: 'required', handler: (ctx) => s.follows.inviteCode(ctx) }) },
  });
}

/** The spec paths of invite codes (API contract §1.1). */
export function registerInviteSpecRoutes(app: FastifyInstance, s: Services) {
  app.post<{ Params: { code: string } }>('/v3/invite_code/:code/redeem/', async (req) => {
    const code = parseInput(z.string().min(1).max(256), decodeURIComponent(decodeURIComponent(req.params.code)), 'code');
    return successBody('spec', await s.follows.redeem(contextOf(req), code));
  });
  app.post('/v3/invite_code/attribution/land/', async (req) => {
    const body = parseInput(z.object({ invite_code: z.string().min(1).max(512) }), req.body ?? {}, '');
    req.log.info({ invite_code: decodeURIComponent(decodeURIComponent(body.invite_code)) }, 'invite landing');
    return successBody('spec', { recorded: true });
  });
}
