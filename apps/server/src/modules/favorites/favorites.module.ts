import type { Queryable } from '../../db/client';
import { defineModule } from '../../lib/module';
import { createFavoritesService } from './favorites.service';
import { registerFavoriteResources } from './favorites.routes';
import { pinFavorites } from './index';

/** The favorites module (decision 081); it gives pins the port of whether the viewer marked a Pin. */
export const favoritesModule = defineModule({
  name: 'favorites',
  ports: ({ db }: { db: Queryable }) => ({ pinFavorites: pinFavorites(db) }),
  services: (d: Parameters<typeof createFavoritesService>[0]) => ({ favorites: createFavoritesService(d) }),
  resources: registerFavoriteResources,
});
