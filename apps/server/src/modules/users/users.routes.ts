import { zGetUser } from '@pinboard/shared/schemas/users';
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
}
