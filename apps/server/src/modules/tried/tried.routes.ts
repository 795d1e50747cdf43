import { zPinTried, zTriedPins } from '@pinboard/shared/schemas/partner';
import { action, pagedAction, type ResourceRegistry } from '../../lib/resources';
import type { Services } from '../../services';

export function registerTriedResources(registry: ResourceRegistry, s: Services) {
  registry.add({
    name: 'PinTriedResource',
    description: 'Whether you tried a Pin: read, mark (create) or unmark (delete). Each person marks only for themselves.',
    actions: {
      get: action({ summary: 'Whether you tried this Pin, and how many people did', options: zPinTried, handler: (ctx, o) => s.tried.get(ctx, o.pin_id) }),
      create: action({ summary: 'Mark a Pin as tried', options: zPinTried, auth: 'required', handler: (ctx, o) => s.tried.mark(ctx, o.pin_id) }),
      delete: action({ summary: 'Unmark a tried Pin', options: zPinTried, auth: 'required', handler: (ctx, o) => s.tried.unmark(ctx, o.pin_id) }),
    },
  });

  registry.add({
    name: 'UserTriedPinsResource',
    description: "The Pins a person marked as tried (the profile's Tried tab), most recently tried first.",
    actions: {
      get: pagedAction({
        summary: "Read a person's tried Pins",
        options: zTriedPins,
        read: (ctx, o, page) => s.tried.list(ctx, o.username, page),
      }),
    },
  });
}
