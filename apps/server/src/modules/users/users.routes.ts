import { zGetUser, zUpdateUserMetadata } from '@pinboard/shared/schemas/users';
import { z } from 'zod';
import { action, type ResourceRegistry } from '../../lib/resources';
import type { Services } from '../../services';

export function registerUserResources(registry: ResourceRegistry, s: Services) {
  registry.add({
    name: 'UserResource',
    description: 'A profile.',
    actions: {
      get: action({
        summary: 'Read a profile by username',
        options: zGetUser,
        handler: (ctx, o) => s.users.getProfile(ctx, o.username),
      }),
    },
  });

  registry.add({
    name: 'UserMetadataResource',
    description: "The viewer's metadata and view preferences: board sort order, densities, board view, save behaviour.",
    actions: {
      get: action({ summary: 'Read', options: z.strictObject({}), auth: 'required', handler: (ctx) => s.users.metadata(ctx) }),
      update: action({ summary: 'Update', options: zUpdateUserMetadata, auth: 'required', handler: (ctx, o) => s.users.updateMetadata(ctx, o) }),
    },
  });
}
