import { zNoOptions } from '@pinboard/shared/schemas/common';
import { zBoardFollow, zFollowList, zFollowUser, zUnfollowUser } from '@pinboard/shared/schemas/social';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { action, pagedAction, type ResourceRegistry } from '../../lib/resources';
import { successBody } from '../../lib/envelope';
import { decodeUriComponentOrNull } from '../../lib/uri';
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
  registry.add({
    name: 'BoardFollowResource',
    description: 'Follow or unfollow a board the viewer may see (not their own; not across a block with its owner).',
    actions: {
      create: action({ summary: 'Follow a board', options: zBoardFollow, auth: 'required', handler: (ctx, o) => s.follows.followBoard(ctx, o.board_id) }),
      delete: action({ summary: 'Unfollow a board', options: zBoardFollow, auth: 'required', handler: (ctx, o) => s.follows.unfollowBoard(ctx, o.board_id) }),
    },
  });
  for (const [name, direction] of [
    ['UserFollowersResource', 'followers'],
    ['UserFollowingResource', 'following'],
  ] as const) {
    registry.add({
      name,
      description: `A profile's ${direction}, newest first (private profiles: owner and followers only).`,
      actions: {
        get: pagedAction({
          summary: `Read ${direction}`,
          options: zFollowList,
          read: (ctx, o, page) => s.follows.list(ctx, o.username, direction, page),
        }),
      },
    });
  }
  registry.add({
    name: 'InviteCodeResource',
    description: "The viewer's invite code: sharing /{username}/?invite_code=… lets people follow a private profile.",
    actions: {
      get: action({ summary: 'Read (made on first use)', options: zNoOptions, auth: 'required', handler: (ctx) => s.follows.inviteCode(ctx) }),
    },
  });
}

/**
 * The spec path of redeeming an invite code (docs/product/api-contract.md §1.1). The web app
 * sends the code URL-encoded twice: the router has decoded it once and one
 * more decoding gives the code. (The landing call is the entry module's.)
 */
export function registerInviteSpecRoutes(app: FastifyInstance, s: Services) {
  app.post<{ Params: { code: string } }>('/v3/invite_code/:code/redeem/', async (req) => {
    const code = decodeUriComponentOrNull(parseInput(z.string().min(1).max(256), req.params.code, 'code'));
    // A code that does not decode, or holds what no code holds (NUL), is nobody's: the service answers it as an unknown one.
    return successBody('spec', await s.follows.redeem(contextOf(req), code !== null && !code.includes('\u0000') ? code : null));
  });
}
