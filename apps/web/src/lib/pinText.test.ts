import { describe, expect, it } from 'vitest';
import type { Pin } from '../features/pins/pins.api';
import { linkDomain, pinAltText, srcSetOf } from './pinText';

const pinner = { id: '1', username: 'ava', full_name: 'Ava Lindqvist', image_medium_url: null };

describe('pinAltText', () => {
  it('prefers alt text, then title, then description, then the pinner', () => {
    expect(pinAltText({ alt_text: 'A red door', title: 'Door', description: 'd', pinner })).toBe('A red door');
    expect(pinAltText({ alt_text: null, title: 'Door', description: 'd', pinner })).toBe('Door');
    expect(pinAltText({ alt_text: '  ', title: '', description: 'A door in Lisbon', pinner })).toBe('A door in Lisbon');
    expect(pinAltText({ alt_text: null, title: '', description: '', pinner })).toBe('Pin by Ava Lindqvist');
  });
});

describe('linkDomain', () => {
  it('shows the host of safe links without www', () => {
    expect(linkDomain('https://www.example.com/a?b')).toBe('example.com');
    expect(linkDomain('http://shop.example.co.uk/')).toBe('shop.example.co.uk');
  });

  it('shows nothing for missing or unsafe links', () => {
    expect(linkDomain(null)).toBeNull();
    expect(linkDomain('javascript:alert(1)')).toBeNull();
    expect(linkDomain('example.com')).toBeNull();
  });
});

describe('srcSetOf', () => {
  it('lists each distinct image once with its width', () => {
    const images: Pin['images'] = {
      '236x': { url: '/m/a_236.jpg', width: 236, height: 300 },
      '474x': { url: '/m/a_474.jpg', width: 474, height: 600 },
      '736x': { url: '/m/a_736.jpg', width: 600, height: 760 },
      '1200x': { url: '/m/a_736.jpg', width: 600, height: 760 },
    };
    expect(srcSetOf(images, ['236x', '474x', '736x', '1200x'])).toBe('/m/a_236.jpg 236w, /m/a_474.jpg 474w, /m/a_736.jpg 600w');
  });
});
