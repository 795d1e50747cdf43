import { zFollowList, zFollowUser, zUnfollowUser } from '@pinboard/shared/schemas/social';
import { PAGE_SIZE_DEFAULT } from '@pinboard/shared/constants/limits';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { action, paged, type ResourceRegistry } from '../../lib/resources';
import { successBody } from '../../lib/envelope';
import { decodeUriComponentOrNull } from '../../lib/uri';
import { parseInput, ValidationError } from '../../lib/validation';
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

/**
 * The spec paths of invite codes (API contract §1.1). The web app sends the
 * code URL-encoded twice: in the path, the router has decoded it once and one
 * more decoding gives the code; in the landing call's body, it takes two.
 */
export function registerInviteSpecRoutes(app: FastifyInstance, s: Services) {
  app.post<{ Params: { code: string } }>('/v3/invite_code/:code/redeem/', async (req) => {
    const code = decodeUriComponentOrNull(parseInput(z.string().min(1).max(256), req.params.code, 'code'));
    // A code that does not decode, or holds what no code holds (NUL), is nobody's: the service answers it as an unknown one.
    return successBody('spec', await s.follows.redeem(contextOf(req), code !== null && !code.includes('\u0000') ? code : null));
  });
  app.post('/v3/invite_code/attribution/land/', async (req) => {
    const body = parseInput(z.object({ invite_code: z.string().min(1).max(512) }), req.body ?? {}, '');
    const once = decodeUriComponentOrNull(body.invite_code);
    const code = once === null ? null : decodeUriComponentOrNull(once);
    if (code === null) throw new ValidationError('invite_code', 'invite_code: not a URL-encoded invite code.');
    req.log.info({ invite_code: code }, 'invite landing');
    return successBody('spec', { recorded: true });
  });
}
