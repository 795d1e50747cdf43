/**
 * Video playback states, numbered 0–9, and the media error codes
 * (docs/product/logged-out-and-business.md §4). The player's state machine uses these.
 */
export const VIDEO_PLAYBACK_STATES = [
  'default',
  'load_start',
  'loaded_metadata',
  'loaded_data',
  'playing',
  'paused',
  'seeking',
  'stalling',
  'failed',
  'ended',
] as const;
export type VideoPlaybackState = (typeof VIDEO_PLAYBACK_STATES)[number];

/** HTMLMediaElement's MediaError codes. */
export const MEDIA_ERROR_CODES = { aborted: 1, network: 2, decode: 3, source_not_supported: 4 } as const;

/** The player's next state on a media element event, or null to stay (a failed player stays failed until retried). */
export function nextPlaybackState(current: VideoPlaybackState, event: string): VideoPlaybackState | null {
  if (current === 'failed' && event !== 'loadstart') return null;
  switch (event) {
    case 'loadstart':
      return 'load_start';
    case 'loadedmetadata':
      return current === 'load_start' || current === 'default' ? 'loaded_metadata' : null;
    case 'loadeddata':
      return current === 'playing' || current === 'paused' || current === 'seeking' ? null : 'loaded_data';
    case 'playing':
      return 'playing';
    case 'pause':
      return current === 'ended' ? null : 'paused';
    case 'seeking':
      return 'seeking';
    case 'seeked':
      return null;
    case 'waiting':
    case 'stalled':
      return current === 'paused' || current === 'ended' ? null : 'stalling';
    case 'error':
      return 'failed';
    case 'ended':
      return 'ended';
    default:
      return null;
  }
}
