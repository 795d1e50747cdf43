import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPinBuilder, IMAGE_MAX_BYTES, normalizeLink, PAGE_MAX_BYTES } from './pin-builder.service';
import { FetchRefusedError } from './safe-fetch';
import { refusal, startFixture, type Fixture } from './test-servers';

// Not a real JPEG: these tests only check that bytes come back untouched.
const JPEG_BYTES = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(4000)]);

const articleHtml = (origin: string) => `<!doctype html>
<html><head>
  <title>Weekend Cabin Tour | Home &amp; Garden</title>
  <meta name="description" content="A small cabin with a big view.">
  <meta property="og:title" content="Weekend Cabin Tour">
  <meta property="og:image" content="${origin}/images/cabin-og.jpg">
  <meta property="og:image:width" content="1200">
  <meta property="og:image:height" content="630">
</head><body>
  <img src="/images/cabin-kitchen.jpg" alt="Kitchen" width="800" height="600">
  <img src="images/cabin-deck.jpg" alt="Deck">
  <img src="/images/pixel.gif" width="1" height="1">
  <img src="/images/logo.svg">
</body></html>`;

describe('createPinBuilder with local fixtures', () => {
  let site: Fixture;

  beforeAll(async () => {
    site = await startFixture((req, res) => {
      const path = new URL(req.url ?? '/', 'http://fixture').pathname;
      switch (path) {
        case '/article':
          res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
          res.end(articleHtml(site.origin));
          return;
        case '/short-link':
          res.writeHead(301, { Location: '/blog/2024/cabin' });
          res.end();
          return;
        case '/blog/2024/cabin':
          res.writeHead(200, { 'Content-Type': 'text/html' });
          res.end('<title>Cabin</title><img src="photos/one.jpg"><img src="../../assets/two.jpg">');
          return;
        case '/no-images':
          res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
          res.end('<html><head><title>Just text</title></head><body><p>Nothing to pin here.</p><img src="/only.svg"></body></html>');
          return;
        case '/latin1':
          res.writeHead(200, { 'Content-Type': 'text/html; charset=iso-8859-1' });
          res.end(Buffer.from('<title>Caf\xe9 cr\xe8me</title><img src="/c.jpg">', 'latin1'));
          return;
        case '/gzip':
          res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Encoding': 'gzip' });
          res.end(gzipSync('<title>Zipped</title><img src="/z.jpg">'));
          return;
        case '/no-content-type':
          res.writeHead(200);
          res.end('<!DOCTYPE html><title>Untyped</title><img src="/u.jpg">');
          return;
        case '/xhtml':
          res.writeHead(200, { 'Content-Type': 'application/xhtml+xml' });
          res.end('<html xmlns="http://www.w3.org/1999/xhtml"><img src="/x.jpg"/></html>');
          return;
        case '/photo.jpg':
          res.writeHead(200, { 'Content-Type': 'image/jpeg', 'Content-Length': String(JPEG_BYTES.length) });
          res.end(JPEG_BYTES);
          return;
        case '/huge-photo.jpg': {
          // Larger than a page may be, smaller than an image may be.
          const size = PAGE_MAX_BYTES + 1_000_000;
          res.writeHead(200, { 'Content-Type': 'image/jpeg', 'Content-Length': String(size) });
          res.end(Buffer.alloc(size));
          return;
        }
        case '/too-huge.jpg':
          res.writeHead(200, { 'Content-Type': 'image/jpeg', 'Content-Length': String(IMAGE_MAX_BYTES + 1) });
          res.end();
          return;
        case '/too-huge-streamed.jpg': {
          res.writeHead(200, { 'Content-Type': 'image/jpeg' });
          const chunk = Buffer.alloc(1024 * 1024);
          let sent = 0;
          const more = () => {
            if (sent > IMAGE_MAX_BYTES + chunk.length || res.destroyed) return res.end();
            sent += chunk.length;
            res.write(chunk, more);
          };
          more();
          return;
        }
        case '/image-redirect':
          res.writeHead(302, { Location: '/photo.jpg' });
          res.end();
          return;
        case '/doc.pdf':
          res.writeHead(200, { 'Content-Type': 'application/pdf' });
          res.end('%PDF-1.7');
          return;
        case '/notes.txt':
          res.writeHead(200, { 'Content-Type': 'text/plain' });
          res.end('<img src="/not-really.jpg">');
          return;
        case '/logo.svg':
          res.writeHead(200, { 'Content-Type': 'image/svg+xml' });
          res.end('<svg xmlns="http://www.w3.org/2000/svg"/>');
          return;
        case '/binary-untyped':
          res.writeHead(200);
          res.end(Buffer.from([0, 1, 2, 3, 4]));
          return;
        case '/huge-page':
          res.writeHead(200, { 'Content-Type': 'text/html' });
          res.end(`<title>Big</title>${'<p>filler</p>'.repeat(Math.ceil((PAGE_MAX_BYTES + 10) / 13))}`);
          return;
        default:
          res.writeHead(404, { 'Content-Type': 'text/html' });
          res.end('<title>Not found</title><img src="/404.jpg">');
      }
    });
  });

  afterAll(async () => {
    await site.close();
  });

  const builder = () => createPinBuilder({ allowPrivateAddresses: true });

  describe('findImages', () => {
    it('offers og:image first, then the page’s <img> in order, without pixels or svg', async () => {
      const found = await builder().findImages(`${site.origin}/article`);
      expect(found).toEqual({
        link: `${site.origin}/article`,
        title: 'Weekend Cabin Tour',
        description: 'A small cabin with a big view.',
        images: [
          { url: `${site.origin}/images/cabin-og.jpg`, width: 1200, height: 630, source: 'og' },
          { url: `${site.origin}/images/cabin-kitchen.jpg`, width: 800, height: 600, alt: 'Kitchen', source: 'img' },
          { url: `${site.origin}/images/cabin-deck.jpg`, alt: 'Deck', source: 'img' },
        ],
      });
    });

    it('follows redirects; the link is the final page, and relative images resolve against it', async () => {
      const found = await builder().findImages(`${site.origin}/short-link`);
      expect(found.link).toBe(`${site.origin}/blog/2024/cabin`);
      expect(found.images.map((i) => i.url)).toEqual([`${site.origin}/blog/2024/photos/one.jpg`, `${site.origin}/assets/two.jpg`]);
    });

    it('a page without images is no_images', async () => {
      const err = await refusal(builder().findImages(`${site.origin}/no-images`));
      expect(err.reason).toBe('no_images');
      expect(err.message).toBe("We couldn't find any images on that page.");
      expect(err.httpStatus).toBe(400);
    });

    it('a direct image link is the one image, without reading it', async () => {
      const before = site.requests.length;
      const found = await builder().findImages(`${site.origin}/photo.jpg`);
      expect(found).toEqual({
        link: `${site.origin}/photo.jpg`,
        title: null,
        description: null,
        images: [{ url: `${site.origin}/photo.jpg`, source: 'img' }],
      });
      expect(site.requests.length - before).toBe(1);
    });

    it('a direct image link larger than a page may be still works', async () => {
      const found = await builder().findImages(`${site.origin}/huge-photo.jpg`);
      expect(found.images).toEqual([{ url: `${site.origin}/huge-photo.jpg`, source: 'img' }]);
    });

    it('a redirect to an image gives the final image URL', async () => {
      const found = await builder().findImages(`${site.origin}/image-redirect`);
      expect(found.images).toEqual([{ url: `${site.origin}/photo.jpg`, source: 'img' }]);
    });

    it.each([['/doc.pdf'], ['/notes.txt'], ['/logo.svg'], ['/binary-untyped']])('%s is not_html', async (path) => {
      const err = await refusal(builder().findImages(`${site.origin}${path}`));
      expect(err.reason).toBe('not_html');
      expect(err.httpStatus).toBe(400);
    });

    it('reads pages in their charset, compressed pages, XHTML and untyped HTML', async () => {
      expect((await builder().findImages(`${site.origin}/latin1`)).title).toBe('Café crème');
      expect((await builder().findImages(`${site.origin}/gzip`)).images[0]?.url).toBe(`${site.origin}/z.jpg`);
      expect((await builder().findImages(`${site.origin}/xhtml`)).images[0]?.url).toBe(`${site.origin}/x.jpg`);
      expect((await builder().findImages(`${site.origin}/no-content-type`)).title).toBe('Untyped');
    });

    it('a page over 5 MB is too_large (413)', async () => {
      const err = await refusal(builder().findImages(`${site.origin}/huge-page`));
      expect(err.reason).toBe('too_large');
      expect(err.httpStatus).toBe(413);
    });

    it('an error page is an http_error, not scraped', async () => {
      expect((await refusal(builder().findImages(`${site.origin}/missing`))).reason).toBe('http_error');
    });

    it('refuses the fixture when private addresses are not allowed', async () => {
      const before = site.requests.length;
      const err = await refusal(createPinBuilder({ allowPrivateAddresses: false }).findImages(`${site.origin}/article`));
      expect(err.reason).toBe('blocked_address');
      expect(err.message).toBe("We can't save from this address: it points to a private network.");
      expect(site.requests.length).toBe(before);
    });

    it('refuses a public-looking name that resolves to a private address', async () => {
      const pb = createPinBuilder({
        allowPrivateAddresses: false,
        resolver: { lookup: async () => [{ address: '192.168.0.10', family: 4 }] },
      });
      expect((await refusal(pb.findImages('intranet.example.com/wiki'))).reason).toBe('blocked_address');
      expect((await refusal(pb.fetchImage('https://intranet.example.com/a.jpg'))).reason).toBe('blocked_address');
    });
  });

  describe('fetchImage', () => {
    it('returns the bytes as sent', async () => {
      const bytes = await builder().fetchImage(`${site.origin}/photo.jpg`);
      expect(bytes.equals(JPEG_BYTES)).toBe(true);
    });

    it('follows redirects', async () => {
      expect((await builder().fetchImage(`${site.origin}/image-redirect`)).equals(JPEG_BYTES)).toBe(true);
    });

    it('accepts up to 20 MiB', async () => {
      const bytes = await builder().fetchImage(`${site.origin}/huge-photo.jpg`);
      expect(bytes.length).toBe(PAGE_MAX_BYTES + 1_000_000);
      expect(IMAGE_MAX_BYTES).toBe(20 * 1024 * 1024);
    });

    it('refuses more than 20 MiB, by Content-Length or while streaming (413)', async () => {
      const declared = await refusal(builder().fetchImage(`${site.origin}/too-huge.jpg`));
      expect(declared.reason).toBe('too_large');
      expect(declared.httpStatus).toBe(413);
      expect(declared.message).toBe('That image is too large.');
      const streamed = await refusal(builder().fetchImage(`${site.origin}/too-huge-streamed.jpg`));
      expect(streamed.reason).toBe('too_large');
    });

    it('refuses the fixture when private addresses are not allowed', async () => {
      const err = await refusal(createPinBuilder({ allowPrivateAddresses: false }).fetchImage(`${site.origin}/photo.jpg`));
      expect(err.reason).toBe('blocked_address');
    });

    it('refuses what is not an http(s) URL', async () => {
      expect((await refusal(builder().fetchImage('file:///etc/passwd'))).reason).toBe('invalid_url');
      expect((await refusal(builder().fetchImage('data:image/png;base64,AAAA'))).reason).toBe('invalid_url');
    });
  });
});

describe('normalizeLink', () => {
  it.each([
    ['https://example.com/a?b=c', 'https://example.com/a?b=c'],
    ['http://example.com', 'http://example.com/'],
    ['  https://example.com/padded  ', 'https://example.com/padded'],
    ['example.com', 'https://example.com/'],
    ['www.example.com/recipes/tart?x=1#top', 'https://www.example.com/recipes/tart?x=1#top'],
    ['//cdn.example.com/a.jpg', 'https://cdn.example.com/a.jpg'],
    ['localhost:3000/path', 'https://localhost:3000/path'],
    ['example.com:8080/x', 'https://example.com:8080/x'],
    ['HTTPS://EXAMPLE.COM/Path', 'https://example.com/Path'],
    ['bücher.example/straße', 'https://xn--bcher-kva.example/stra%C3%9Fe'],
    ['ftp://example.com/file', 'ftp://example.com/file'], // kept; safeFetch refuses it
  ])('%j → %j', (input, expected) => {
    expect(normalizeLink(input)).toBe(expected);
  });

  it.each([[''], ['   '], ['http://'], ['https://exa mple.com'], ['https://[::1']])('%j is invalid_url', (input) => {
    expect(() => normalizeLink(input)).toThrow(FetchRefusedError);
  });

  it('non-http(s) links are refused when fetched', async () => {
    const pb = createPinBuilder({ allowPrivateAddresses: false });
    for (const link of ['javascript:alert(1)', 'data:text/html,hi', 'mailto:someone@example.com', 'ftp://example.com/file']) {
      expect((await refusal(pb.findImages(link))).reason).toBe('invalid_url');
    }
  });
});
