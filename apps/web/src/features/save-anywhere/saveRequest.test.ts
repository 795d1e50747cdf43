import { describe, expect, it } from 'vitest';
import { bookmarkletHref, readSaveRequest } from './saveRequest';

describe('the save window’s address', () => {
  it('reads the bookmarklet’s page and pictures (size, address, alt text), leaving out what is not a web address', () => {
    const fragment = new URLSearchParams([
      ['img', '1200x1600 https://shop.example/roses-1200.jpg Pink roses'],
      ['img', '0x0 https://shop.example/arch.jpg'],
      ['img', '10x10 javascript:alert(1)'],
    ]);
    const request = readSaveRequest('?url=https%3A%2F%2Fshop.example%2Froses&title=Old+roses&text=Scented', `#${fragment}`);
    expect(request).toEqual({
      link: 'https://shop.example/roses',
      title: 'Old roses',
      description: 'Scented',
      images: [
        { url: 'https://shop.example/roses-1200.jpg', source: 'img', width: 1200, height: 1600, alt: 'Pink roses' },
        { url: 'https://shop.example/arch.jpg', source: 'img' },
      ],
      sharedFile: null,
    });
  });

  it('finds a shared link in the text when the share sheet gives no url, and keeps the rest as the description', () => {
    const request = readSaveRequest(`?title=Roses&text=${encodeURIComponent('Look at these https://shop.example/roses')}`, '');
    expect(request.link).toBe('https://shop.example/roses');
    expect(request.description).toBe('Look at these');
    expect(request.images).toEqual([]);
  });

  it('takes a shared picture’s key only in its own shape', () => {
    expect(readSaveRequest('?shared=abc123', '').sharedFile).toBe('abc123');
    expect(readSaveRequest('?shared=../../etc', '').sharedFile).toBeNull();
  });

  it('makes a bookmarklet that opens our own origin’s save window', () => {
    const href = bookmarkletHref('https://pins.example.org');
    expect(href.startsWith('javascript:')).toBe(true);
    const code = decodeURIComponent(href.slice('javascript:'.length));
    expect(code).toContain('"https://pins.example.org/pin/create/bookmarklet/"');
    expect(() => new Function(code)).not.toThrow();
  });
});
