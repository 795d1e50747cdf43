/**
 * Marking one's own Pins as favourites. A Pin the viewer may not see answers
 * 404 like a missing one; someone else's Pin is refused (403).
 */
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../lib/app-error';
import { requireViewer, type RequestContext } from '../../lib/context';
import { canMarkFavorite } from './favorites.policy';
import { favoritesRepo } from './favorites.repo';
import { visiblePinById } from '../../kernel';

export function createFavoritesService({ db }: { db: Db }) {
  async function ownPin(ctx: RequestContext, pinId: string) {
    const viewer = requireViewer(ctx);
    const pin = await visiblePinById(db, pinId, viewer.id);
    if (!pin) throw notFound('pin');
    if (!canMarkFavorite(viewer, pin)) throw forbidden('Only the person who saved this Pin can mark it as a favorite.');
    return { viewer, pin };
  }

  return {
    async mark(ctx: RequestContext, pinId: string, favorite: boolean) {
      const { viewer, pin } = await ownPin(ctx, pinId);
      if (favorite) await favoritesRepo.add(db, viewer.id, pin.id);
      else await favoritesRepo.remove(db, viewer.id, pin.id);
      return { pin_id: pin.id, is_favorite: favorite };
    },

    /** Whether the viewer marked this Pin (false for anyone but its pinner). */
    async isFavorite(ctx: RequestContext, pin: { id: string; pinner_id: string }) {
      return canMarkFavorite(ctx.viewer, pin) ? favoritesRepo.isFavorite(db, ctx.viewer!.id, pin.id) : false;
    },
  };
}
