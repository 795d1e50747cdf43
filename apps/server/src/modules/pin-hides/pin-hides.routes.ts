import { zPinHide } from '@pinboard/shared/schemas/pin-filters';
import { action, type ResourceRegistry } from '../../lib/resources';
import type { Services } from '../../services';

export function registerPinHideResources(registry: ResourceRegistry, s: Pick<Services, 'pinHides'>) {
  registry.add({
    name: 'PinHideResource',
    description: "Hide someone else's Pin from your home feed, or show it again.",
    actions: {
      create: action({ summary: 'Hide a Pin', options: zPinHide, auth: 'required', handler: (ctx, o) => s.pinHides.setHidden(ctx, o.pin_id, true) }),
      delete: action({
        summary: 'Show a hidden Pin again',
        options: zPinHide,
        auth: 'required',
        handler: (ctx, o) => s.pinHides.setHidden(ctx, o.pin_id, false),
      }),
    },
  });
}
