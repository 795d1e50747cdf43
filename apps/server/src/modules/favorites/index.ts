/** The favorites module's public face. */
import type { Queryable } from '../../db/client';
import { favoritesRepo } from './favorites.repo';

export { createFavoritesService, type FavoritesService } from './favorites.service';
export { canMarkFavorite } from './favorites.policy';

export const isFavorite = (db: Queryable, userId: string, pinId: string) => favoritesRepo.isFavorite(db, userId, pinId);
