/* Helpers for video Pins, for code loaded on demand (the player, the grid card's video badge). */
import type { Pin, VideoRendition } from './pinTypes';

/** A video counts as present only with its thumbnail, url, width and height (logged-out-and-business §5). */
export function playableVideo(pin: Pick<Pin, 'videos'>): VideoRendition | null {
  const v = pin.videos?.video_list.V_720P;
  return v && v.thumbnail && v.url && v.width && v.height ? v : null;
}

/** m:ss of a duration in ms. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}
