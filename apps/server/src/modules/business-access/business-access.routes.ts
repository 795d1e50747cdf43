import { zGetBusinessAccess, zGetBusinessActing, zGrantBusinessAccess, zRevokeBusinessAccess, zSetBusinessActing } from '@pinboard/shared/schemas/business';
import type { FastifyInstance } from 'fastify';
import { successBody } from '../../lib/envelope';
import { action, type ResourceRegistry } from '../../lib/resources';
import { contextOf } from '../../plugins/session';
import type { Services } from '../../services';

const BUSINESS_PROFILES_PATH = '/vx/business_access/profiles/';

export function registerBusinessAccessResources(registry: ResourceRegistry, s: Services) {
  registry.add({
    name: 'BusinessAccessResource',
    description:
      'The people a business lets act for it, with permissions (OWNER, ADMIN, PROFILE_PUBLISHER, ANALYST). Its owners and admins manage them; only an owner gives or takes OWNER or ADMIN.',
    actions: {
      get: action({
        summary: "A business's people and its latest audit records (owners and admins)",
        options: zGetBusinessAccess,
        auth: 'required',
        handler: (ctx, o) => s.businessAccess.members(ctx, o.business_id),
      }),
      create: action({
        summary: 'Give a business account access (by user_id or username), or change its permissions',
        options: zGrantBusinessAccess,
        auth: 'required',
        handler: (ctx, o) => s.businessAccess.grant(ctx, o),
      }),
      delete: action({
        summary: "Take a person's access away (or leave a business)",
        options: zRevokeBusinessAccess,
        auth: 'required',
        handler: (ctx, o) => s.businessAccess.revoke(ctx, o.business_id, o.user_id),
      }),
    },
  });
  registry.add({
    name: 'BusinessActingResource',
    description:
      'The business profile this session acts as (docs/product/api-contract.md §9), kept with the session on the server so every tab of it acts alike. Calls that make content (Pin create and save, board and section create, Idea Pin publish, comments) and the board picker act as it unless `orbac_subject_id` says otherwise.',
    actions: {
      get: action({
        summary: 'The profile this session acts as (null for oneself), checked now',
        options: zGetBusinessActing,
        auth: 'required',
        handler: (ctx) => s.businessAccess.actingOfSession(ctx),
      }),
      update: action({
        summary: 'Act as `business_id` in this session (null to act as oneself)',
        options: zSetBusinessActing,
        auth: 'required',
        handler: (ctx, o) => s.businessAccess.setSessionActing(ctx, o.business_id),
      }),
    },
  });
}

/** The spec path of the header's business profile switcher (docs/product/logged-out-and-business.md §7). */
export function registerBusinessAccessSpecRoutes(app: FastifyInstance, s: Services) {
  app.get(BUSINESS_PROFILES_PATH, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return successBody('spec', await s.businessAccess.profiles(contextOf(req)));
  });
}
