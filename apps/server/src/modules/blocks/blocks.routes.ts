import { zBlockUser } from '@pinboard/shared/schemas/social';
import { action, type ResourceRegistry } from '../../lib/resources';
import type { Services } from '../../services';

export function registerBlockResources(registry: ResourceRegistry, s: Services) {
  registry.add({
    name: 'UserBlockResource',
    description: 'Block or unblock a person. A block cuts following both ways and stops messages, follows and saves between the two.',
    actions: {
      create: action({ summary: 'Block', options: zBlockUser, auth: 'required', handler: (ctx, o) => s.blocks.block(ctx, o.blocked_user_id) }),
      delete: action({ summary: 'Unblock', options: zBlockUser, auth: 'required', handler: (ctx, o) => s.blocks.unblock(ctx, o.blocked_user_id) }),
    },
  });
}
