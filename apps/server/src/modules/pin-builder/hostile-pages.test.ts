/**
 * Pages built to be slow to read must not hold up the server: whatever a
 * page contains, reading it leaves the event loop free for everyone else.
 * The assertions are on the longest stall of the event loop, not on how
 * long the page took.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchEventLoop } from '../../lib/event-loop-watch';
import { FetchRefusedError } from './fetch-errors';
import { createHtmlParser } from './html-parse';
import { createPinBuilder, PAGE_READ_MAX_BYTES } from './pin-builder.service';
import { startFixture, type Fixture } from './test-servers';

/** Far longer than anything reading a page may hold the event loop for. */
const STALL_LIMIT_MS = 1000;

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

  it.each(Object.keys(HOSTILE))('%s leaves the event loop free and still offers the page’s images', async (path) => {
    const report = await watchEventLoop(() => createPinBuilder({ allowPrivateAddresses: true }).findImages(`${site.origin}${path}`));
    expect(report.longestStallMs).toBeLessThan(STALL_LIMIT_MS);
    expect(report.outcome.status).toBe('fulfilled');
    if (report.outcome.status !== 'fulfilled') return;
    expect(report.outcome.value.images.map((i) => i.url)).toContain(`${site.origin}/fallback.jpg`);
  });

  it('reads a long page up to PAGE_READ_MAX_BYTES', async () => {
    const found = await createPinBuilder({ allowPrivateAddresses: true }).findImages(`${site.origin}/long`);
    expect(found.images.map((i) => i.url)).toEqual([`${site.origin}/og.jpg`, `${site.origin}/fallback.jpg`]);
  });

  it('a page not read within the deadline is refused (400, unreadable) while the event loop stays free', async () => {
    const htmlParser = createHtmlParser({ deadlineMs: 1 });
    try {
      const report = await watchEventLoop(() => createPinBuilder({ allowPrivateAddresses: true, htmlParser }).findImages(`${site.origin}/long`));
      expect(report.longestStallMs).toBeLessThan(STALL_LIMIT_MS);
      expect(report.outcome.status).toBe('rejected');
      const err = report.outcome.status === 'rejected' ? report.outcome.reason : null;
      expect(err).toBeInstanceOf(FetchRefusedError);
      expect(err).toMatchObject({ reason: 'unreadable', httpStatus: 400, message: 'That page is built in a way we cannot read in time.' });
    } finally {
      await htmlParser.close();
    }
  });
});
