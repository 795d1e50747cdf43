/**
 * Favourites are the owner's own bookmarks among their Pins (the own
 * profile's Favorites filter): only a Pin's pinner may mark it.
 */
import type { Viewer } from '../../lib/context';

export function canMarkFavorite(viewer: Viewer | null, pin: { pinner_id: string }): boolean {
  return !!viewer && viewer.id === pin.pinner_id;
}
