import { describe, expect, it } from 'vitest';
import { hasPlayableVideo, type PinVideo } from './video';

const complete: PinVideo = {
  thumbnail: 'https://img.example.com/v/thumb.jpg',
  url: 'https://v.example.com/v/720p.mp4',
  width: 720,
  height: 1280,
};

describe('hasPlayableVideo', () => {
  it('is true when thumbnail, url, width and height exist', () => {
    expect(hasPlayableVideo(complete)).toBe(true);
  });

  it.each(['thumbnail', 'url', 'width', 'height'] as const)('is false without %s', (field) => {
    expect(hasPlayableVideo({ ...complete, [field]: undefined })).toBe(false);
    expect(hasPlayableVideo({ ...complete, [field]: null })).toBe(false);
  });

  it('is false for blank strings and empty sizes', () => {
    expect(hasPlayableVideo({ ...complete, url: '' })).toBe(false);
    expect(hasPlayableVideo({ ...complete, thumbnail: '  ' })).toBe(false);
    expect(hasPlayableVideo({ ...complete, width: 0 })).toBe(false);
    expect(hasPlayableVideo({ ...complete, height: Number.NaN })).toBe(false);
  });

  it('is false without a video', () => {
    expect(hasPlayableVideo(null)).toBe(false);
    expect(hasPlayableVideo(undefined)).toBe(false);
    expect(hasPlayableVideo({})).toBe(false);
  });

  it('narrows the type', () => {
    const video: PinVideo | null = complete;
    if (hasPlayableVideo(video)) {
      const width: number = video.width;
      expect(width).toBe(720);
    }
  });
});
