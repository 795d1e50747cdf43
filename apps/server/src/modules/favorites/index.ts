/** The favorites module's public face. */
import type { Queryable } from '../../db/client';
import { favoritesRepo } from './favorites.repo';

import { canMarkFavorite } from './favorites.policy';
import type { Viewer } from '../../lib/context';

/** The viewer's mark on a Pin for its reader (pins' PinFavorites, wired in services.ts): null when it is not theirs to mark. */
export function pinFavorites(db: Queryable) {
  return {
    async markOf(viewer: Viewer | null, pin: { id: string; pinner_id: string }) {
      if (!viewer || !canMarkFavorite(viewer, pin)) return null;
      return favoritesRepo.isFavorite(db, viewer.id, pin.id);
    },
  };
}
