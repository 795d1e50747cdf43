import { describe, expect, it } from 'vitest';
import { imageHostUrl, isVideoPath } from './imageHost';

describe('imageHostUrl', () => {
  it('returns root-relative URLs for media paths', () => {
    expect(imageHostUrl('media/736x/ab/cd.jpg')).toBe('/media/736x/ab/cd.jpg');
    expect(imageHostUrl('/media/736x/ab/cd.jpg')).toBe('/media/736x/ab/cd.jpg');
    expect(imageHostUrl('//media/a.png')).toBe('/media/a.png');
  });

  it('prefixes a given host', () => {
    expect(imageHostUrl('736x/ab/cd.webp', 'https://img.example.com')).toBe('https://img.example.com/736x/ab/cd.webp');
    expect(imageHostUrl('/736x/a.gif', 'https://img.example.com/')).toBe('https://img.example.com/736x/a.gif');
  });

  it('keeps absolute URLs', () => {
    expect(imageHostUrl('https://img.example.com/a.jpg', 'https://other.example.com')).toBe('https://img.example.com/a.jpg');
  });

  it.each(['videos/a.mp4', '/v/master.m3u8', 'clip.MOV', 'https://v.example.com/a.webm', 'a.mkv', 'a.avi?x=1', 'a.mp4#t=3'])(
    'throws for the video path %s',
    (path) => {
      expect(() => imageHostUrl(path)).toThrow(Error);
      expect(() => imageHostUrl(path)).toThrow(/video/);
    },
  );

  it('throws for an empty path', () => {
    expect(() => imageHostUrl('')).toThrow(Error);
    expect(() => imageHostUrl('  ')).toThrow(Error);
  });
});

describe('isVideoPath', () => {
  it('looks at the file extension only', () => {
    expect(isVideoPath('a.mp4')).toBe(true);
    expect(isVideoPath('mp4/a.jpg')).toBe(false);
    expect(isVideoPath('a.mp4.jpg')).toBe(false);
    expect(isVideoPath('a.jpg?format=mp4')).toBe(false);
    expect(isVideoPath('mp4')).toBe(false);
    expect(isVideoPath('segment.ts')).toBe(false);
  });
});
