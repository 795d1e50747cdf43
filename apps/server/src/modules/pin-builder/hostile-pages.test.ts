/**
 * Pages built to be slow to read must not hold up the server. That holds by
 * construction: pages are read in a worker with a deadline (the last test
 * shows a page past it refused), and no pattern applied to outside input may
 * backtrack or move super-linearly (the lint rules regexp/no-super-linear-*).
 * These tests show that such pages are still read to the right answer; how
 * fast is for the benchmark, not for a test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchRefusedError } from './fetch-errors';
import { createHtmlParser } from './html-parse';
import { createPinBuilder, PAGE_READ_MAX_BYTES } from './pin-builder.service';
import { startFixture, type Fixture } from './test-servers';

const HOSTILE: Record<string, string> = {
  // A run of commas inside one srcset URL: quadratic for a backtracking trim.
  '/srcset-commas': `<title>Commas</title><img srcset="a${','.repeat(50_000)}b, /c.jpg 10w"><img src="/fallback.jpg">`,
  // Unclosed <meta and attribute-like runs.
  '/meta-soup': `<title>Soup</title><img src="/fallback.jpg">${'<meta '.repeat(20_000)}`,
  // Deep nesting: quadratic for a parser that keeps an element stack in an array it shifts.
  '/deep-nesting': `<title>Deep</title><img src="/fallback.jpg">${'<div>'.repeat(200_000)}${'<svg>'.repeat(100_000)}`,
};

/** Ordinary markup, a lot of it. */
const LONG_PAGE = `<meta property="og:image" content="/og.jpg"><img src="/fallback.jpg">${'<p class="a">Lorem &amp; ipsum <a href="/x">dolor</a></p>'.repeat(
  Math.ceil(PAGE_READ_MAX_BYTES / 50),
)}<img src="/past-the-limit.jpg">`;

describe('reading a hostile page', () => {
  let site: Fixture;
  beforeAll(async () => {
    site = await startFixture((req, res) => {
      const body = req.url === '/long' ? LONG_PAGE : HOSTILE[req.url ?? ''];
      res.writeHead(body === undefined ? 404 : 200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(body ?? '');
    });
  });
  afterAll(() => site.close());

  it.each(Object.keys(HOSTILE))('%s is read, and the page’s images are offered', async (path) => {
    const found = await createPinBuilder({ allowPrivateAddresses: true }).findImages(`${site.origin}${path}`);
    expect(found.images.map((i) => i.url)).toContain(`${site.origin}/fallback.jpg`);
  });

  it('reads a long page up to PAGE_READ_MAX_BYTES', async () => {
    const found = await createPinBuilder({ allowPrivateAddresses: true }).findImages(`${site.origin}/long`);
    expect(found.images.map((i) => i.url)).toEqual([`${site.origin}/og.jpg`, `${site.origin}/fallback.jpg`]);
  });

  it('a page not read within the deadline is refused (400, unreadable)', async () => {
    const htmlParser = createHtmlParser({ deadlineMs: 1 });
    try {
      const err = await createPinBuilder({ allowPrivateAddresses: true, htmlParser })
        .findImages(`${site.origin}/long`)
        .then(
          () => null,
          (reason: unknown) => reason,
        );
      expect(err).toBeInstanceOf(FetchRefusedError);
      expect(err).toMatchObject({ reason: 'unreadable', httpStatus: 400, message: 'That page is built in a way we cannot read in time.' });
    } finally {
      await htmlParser.close();
    }
  });
});
