import { describe, expect, it } from 'vitest';
import { MEDIA_ERROR_CODES, nextPlaybackState, VIDEO_PLAYBACK_STATES, type VideoPlaybackState } from './video';

const run = (events: string[]) => {
  let s: VideoPlaybackState = 'default';
  const seen: VideoPlaybackState[] = [s];
  for (const e of events) {
    const next = nextPlaybackState(s, e);
    if (next && next !== s) seen.push((s = next));
  }
  return seen;
};

describe('video playback states', () => {
  it('are the ten of the spec, numbered 0–9, with the four media error codes', () => {
    expect(VIDEO_PLAYBACK_STATES).toHaveLength(10);
    expect(VIDEO_PLAYBACK_STATES.indexOf('default')).toBe(0);
    expect(VIDEO_PLAYBACK_STATES.indexOf('ended')).toBe(9);
    expect(Object.values(MEDIA_ERROR_CODES)).toEqual([1, 2, 3, 4]);
  });

  it('follow a load, play, stall, pause and end', () => {
    expect(run(['loadstart', 'loadedmetadata', 'loadeddata', 'playing', 'waiting', 'playing', 'pause', 'seeking', 'playing', 'ended', 'pause'])).toEqual([
      'default',
      'load_start',
      'loaded_metadata',
      'loaded_data',
      'playing',
      'stalling',
      'playing',
      'paused',
      'seeking',
      'playing',
      'ended',
    ]);
  });

  it('stay failed until loading starts again', () => {
    expect(run(['loadstart', 'error', 'playing', 'pause', 'loadstart'])).toEqual(['default', 'load_start', 'failed', 'load_start']);
  });

  it('do not stall while paused', () => {
    expect(run(['loadstart', 'loadedmetadata', 'loadeddata', 'waiting'])).toEqual(['default', 'load_start', 'loaded_metadata', 'loaded_data', 'stalling']);
    expect(nextPlaybackState('paused', 'waiting')).toBeNull();
  });
});
