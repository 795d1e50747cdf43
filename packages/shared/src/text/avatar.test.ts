import { describe, expect, it } from 'vitest';
import { avatarOrNull } from './avatar';

describe('avatarOrNull', () => {
  it('returns real avatar URLs', () => {
    expect(avatarOrNull('https://img.example.com/75x75/ab/cd/jane.jpg')).toBe('https://img.example.com/75x75/ab/cd/jane.jpg');
    expect(avatarOrNull('/media/u/1/avatar_75.png')).toBe('/media/u/1/avatar_75.png');
    expect(avatarOrNull('/media/default_75.png.jpg')).toBe('/media/default_75.png.jpg');
  });

  it('treats the default image as no image', () => {
    expect(avatarOrNull('https://img.example.com/images/user/default_75.png')).toBeNull();
    expect(avatarOrNull('/default_75.png')).toBeNull();
    expect(avatarOrNull('https://img.example.com/user/default_75.png?v=2')).toBeNull();
  });

  it('treats empty values as no image', () => {
    expect(avatarOrNull('')).toBeNull();
    expect(avatarOrNull('   ')).toBeNull();
    expect(avatarOrNull(null)).toBeNull();
    expect(avatarOrNull(undefined)).toBeNull();
  });
});
