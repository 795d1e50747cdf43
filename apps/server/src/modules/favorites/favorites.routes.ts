import { zPinFavorite } from '@pinboard/shared/schemas/pin-filters';
import { action, type ResourceRegistry } from '../../lib/resources';
import type { Services } from '../../services';

export function registerFavoriteResources(registry: ResourceRegistry, s: Services) {
  registry.add({
    name: 'PinFavoriteResource',
    description: "Mark one of your own Pins as a favorite (the own profile's Favorites filter), or no longer.",
    actions: {
      create: action({ summary: 'Mark as a favorite', options: zPinFavorite, auth: 'required', handler: (ctx, o) => s.favorites.mark(ctx, o.pin_id, true) }),
      delete: action({ summary: 'No longer a favorite', options: zPinFavorite, auth: 'required', handler: (ctx, o) => s.favorites.mark(ctx, o.pin_id, false) }),
    },
  });
}
