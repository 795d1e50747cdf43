import { describe, expect, it } from 'vitest';
import { collectPageImages } from '@pinboard/shared/browser/pageImages';

/** A page at https://shop.example/garden/ with `body`. */
function page(body: string, head = '') {
  document.title = 'A garden';
  document.head.innerHTML = `<base href="https://shop.example/garden/">${head}`;
  document.body.innerHTML = body;
  return document;
}

describe('collectPageImages', () => {
  it('resolves srcset to its largest candidate and makes addresses absolute', () => {
    const doc = page('<img src="small.jpg" srcset="small.jpg 300w, /big.jpg 1200w, medium.jpg 600w" width="300" height="200" alt="Roses">');
    expect(collectPageImages(doc).images).toEqual([{ url: 'https://shop.example/big.jpg', width: 1200, height: 800, alt: 'Roses', source: 'img' }]);
  });

  it('reads density descriptors, srcset without spaces after commas, and <picture> sources', () => {
    const doc = page(
      '<img src="a.jpg" srcset="a.jpg 1x,a@3x.jpg 3x,a@2x.jpg 2x" width="200" height="100">' +
        '<picture><source srcset="p-2000.webp 2000w, p-800.webp 800w"><img src="p.jpg" width="400" height="400"></picture>',
    );
    expect(collectPageImages(doc).images.map((image) => [image.url, image.width, image.height])).toEqual([
      ['https://shop.example/garden/p-2000.webp', 2000, 2000],
      ['https://shop.example/garden/a@3x.jpg', 600, 300],
    ]);
  });

  it('includes CSS background images, from style sheets and inline styles', () => {
    const doc = page(
      '<div class="hero" style="width: 900px; height: 500px"></div><div style="background-image: url(&quot;/tile.png&quot;), url(\'cover.jpg\')"></div>',
      '<style>.hero { background: url(hero.jpg) no-repeat; }</style>',
    );
    const urls = collectPageImages(doc).images.map((image) => [image.url, image.source]);
    expect(urls).toEqual(
      expect.arrayContaining([
        ['https://shop.example/garden/hero.jpg', 'background'],
        ['https://shop.example/tile.png', 'background'],
        ['https://shop.example/garden/cover.jpg', 'background'],
      ]),
    );
  });

  it('puts the largest first, keeps document order among equals, and drops small pictures and data: addresses', () => {
    const doc = page(
      '<img src="icon.png" width="32" height="32">' +
        '<img src="wide.jpg" width="800" height="300">' +
        '<img src="tall.jpg" width="500" height="900">' +
        '<img src="data:image/png;base64,AAAA" width="900" height="900">' +
        '<img src="twin-a.jpg" width="400" height="400"><img src="twin-b.jpg" width="400" height="400">',
    );
    expect(collectPageImages(doc).images.map((image) => image.url.split('/').pop())).toEqual(['tall.jpg', 'wide.jpg', 'twin-a.jpg', 'twin-b.jpg']);
  });

  it('lists each address once, with its largest size, and the og:image with its declared size', () => {
    const doc = page(
      '<img src="/photo.jpg" width="200" height="150"><img src="https://shop.example/photo.jpg" width="800" height="600" alt="The same photo, large">',
      '<meta property="og:image" content="/og.jpg"><meta property="og:image:width" content="1200"><meta property="og:image:height" content="630"><meta property="og:title" content="Summer garden">',
    );
    const found = collectPageImages(doc);
    expect(found.title).toBe('Summer garden');
    expect(found.images).toEqual([
      { url: 'https://shop.example/og.jpg', width: 1200, height: 630, alt: '', source: 'og' },
      { url: 'https://shop.example/photo.jpg', width: 800, height: 600, alt: 'The same photo, large', source: 'img' },
    ]);
  });
});
