import { afterAll, describe, expect, it } from 'vitest';
import { extractFromHtml, LIMITS } from './html-extract.mjs';
import { createHtmlParser, HTML_PARSE_DEFAULTS, htmlParseWorkerFile } from './html-parse';
import { FetchRefusedError } from './fetch-errors';
import { PAGE_WANTS, scrapeImages, scrapePage } from './scrape-page';
import { refusal } from './test-servers';

const ALL = { metaKeys: { exact: ['description'], prefixes: ['og:'] }, images: true, title: true, base: true };

describe('extractFromHtml', () => {
  it('keeps the wanted tags and attributes, decoded; nothing else', () => {
    const out = extractFromHtml(
      `<title>A &amp; B</title><base href="/b/"><meta property="og:image" content="/a.jpg?x=1&amp;y=2" data-x="no">
       <meta name="keywords" content="not asked for"><img src="/i.jpg" onload="x()" alt="&lt;3" width=10>`,
      ALL,
    );
    expect(out).toEqual({
      title: 'A & B',
      baseHref: '/b/',
      metas: [{ property: 'og:image', content: '/a.jpg?x=1&y=2' }],
      imgs: [{ src: '/i.jpg', alt: '<3', width: '10' }],
      truncated: false,
    });
  });

  it.each<[string, string, string]>([
    // The character references the old hand-written decoder was tested with, now decoded by `entities`.
    ['named', 'Caf&eacute; cr&egrave;me &copy; 2024 &mdash; &hellip; &ldquo;Hi&rdquo; &euro;10', 'Café crème © 2024 — … “Hi” €10'],
    ['numeric', 'It&#39;s &#x27; &#X27; &#128512; &#x1F600;', "It's ' ' 😀 😀"],
    ['Windows-1252 and invalid code points', '&#150; &#0; &#xD800; &#x110000;', '– \ufffd \ufffd \ufffd'],
    ['unknown or bare ampersands', '&unknownentity; AT&T a & b &amp;amp;', '&unknownentity; AT&T a & b &amp;'],
    ['legacy names without semicolon', 'Tom &amp Jerry', 'Tom & Jerry'],
  ])('decodes character references in text: %s', (_name, text, expected) => {
    expect(extractFromHtml(`<title>${text}</title>`, ALL).title).toBe(expected);
  });

  it.each<[string, string]>([
    ['/img.jpg?a=1&amp;b=2', '/img.jpg?a=1&b=2'],
    ['/img.jpg?a=1&b=2', '/img.jpg?a=1&b=2'],
    ['/img.jpg?a=1&copy=2', '/img.jpg?a=1&copy=2'],
    ['/img.jpg?a=1&amp=2', '/img.jpg?a=1&amp=2'],
    ['/img.jpg?a=1&#38;b=2', '/img.jpg?a=1&b=2'],
    ['/img.jpg?x=&lt;', '/img.jpg?x=<'],
  ])('decodes an attribute as browsers do: %j', (raw, expected) => {
    expect(extractFromHtml(`<img src="${raw}">`, ALL).imgs).toEqual([{ src: expected }]);
  });

  it('reads at most LIMITS.inputChars of a document', () => {
    const filler = 'x'.repeat(LIMITS.inputChars - 20);
    const out = extractFromHtml(`<img src="/a.jpg">${filler}<img src="/after-the-limit.jpg">`, ALL);
    expect(out.imgs).toEqual([{ src: '/a.jpg' }]);
    expect(out.truncated).toBe(true);
  });

  it('keeps an overlong attribute value as empty, and the first of a repeated attribute', () => {
    const long = 'a'.repeat(LIMITS.attributeChars + 1);
    const out = extractFromHtml(`<img src="data:${long}" src="/second.jpg" data-src="/real.jpg" alt="${'&amp;'.repeat(LIMITS.attributeChars + 1)}">`, ALL);
    expect(out.imgs).toEqual([{ src: '', 'data-src': '/real.jpg', alt: '' }]);
  });

  it('caps the <meta> and <img> tags kept, the title, and the characters kept in all', () => {
    const many = extractFromHtml('<meta property="og:image" content="/m.jpg">'.repeat(LIMITS.metas + 5) + '<img src="/i.jpg">'.repeat(LIMITS.imgs + 5), ALL);
    expect(many.metas).toHaveLength(LIMITS.metas);
    expect(many.imgs).toHaveLength(LIMITS.imgs);
    expect(many.truncated).toBe(true);
    expect(extractFromHtml(`<title>${'t'.repeat(LIMITS.titleChars * 2)}</title>`, ALL).title).toHaveLength(LIMITS.titleChars);
    const value = 'v'.repeat(LIMITS.attributeChars - 10);
    const heavy = extractFromHtml(`<img src="${value}">`.repeat(LIMITS.imgs), ALL);
    expect(heavy.imgs.length).toBe(Math.floor(LIMITS.keptChars / value.length));
  });

  it('ignores what is inside <svg> and <template>, and tags cut off by the end', () => {
    const out = extractFromHtml(
      '<svg><title>Icon</title><img src="/in-svg.jpg"/></svg><template><img src="/t.jpg"><template></template><img src="/t2.jpg"></template><img src="/ok.jpg"><img src="/cut',
      ALL,
    );
    expect(out.imgs).toEqual([{ src: '/ok.jpg' }]);
    expect(out.title).toBeNull();
  });

  it('is linear on deep nesting (where a parser keeping an element stack is quadratic)', () => {
    const out = extractFromHtml(`<img src="/a.jpg">${'<div>'.repeat(200_000)}${'<svg>'.repeat(100_000)}</svg><img src="/in-svg.jpg">`, ALL);
    expect(out.imgs).toEqual([{ src: '/a.jpg' }]);
  });
});

describe('createHtmlParser (worker threads)', () => {
  const parser = createHtmlParser();
  afterAll(() => parser.close());

  it('reads in a worker exactly what is read in-thread', async () => {
    const html = `<title>T</title><meta property="og:image" content="/og.jpg"><img srcset="/a.jpg 100w, /b.jpg 300w" alt="x"><img src="/c.jpg">`;
    expect(await parser.extract(html, PAGE_WANTS)).toEqual(extractFromHtml(html, PAGE_WANTS));
    expect(await scrapePage(html, 'https://example.com/', parser)).toEqual(scrapeImages(html, 'https://example.com/'));
  });

  it('finds its worker file beside the module', () => {
    expect(htmlParseWorkerFile().pathname).toMatch(/\/html-parse\.worker\.mjs$/);
    expect(HTML_PARSE_DEFAULTS.size).toBeGreaterThanOrEqual(1);
    expect(HTML_PARSE_DEFAULTS.size).toBeLessThanOrEqual(4);
  });

  it('a page not read within the deadline is unreadable (400); the parser goes on', async () => {
    const hurried = createHtmlParser({ deadlineMs: 1 });
    try {
      const big = '<p class="a">Lorem &amp; ipsum <img src="/x.jpg" alt="y"></p>'.repeat(30_000);
      const err = await refusal(hurried.extract(big, PAGE_WANTS));
      expect(err.reason).toBe('unreadable');
      expect(err.httpStatus).toBe(400);
      expect(err.message).toBe('That page is built in a way we cannot read in time.');
    } finally {
      await hurried.close();
    }
  });

  it('when too many pages wait, answers busy (429, Retry-After) at once', async () => {
    const small = createHtmlParser({ size: 1, maxQueue: 1 });
    try {
      const first = small.extract('<img src="/a.jpg">', PAGE_WANTS);
      const err = await refusal(small.extract('<img src="/b.jpg">', PAGE_WANTS));
      expect(err).toMatchObject({ reason: 'busy', httpStatus: 429, headers: { 'retry-after': '5' } });
      expect((await first).imgs).toEqual([{ src: '/a.jpg' }]);
    } finally {
      await small.close();
    }
  });

  it('a worker that cannot be started is our error (500), not the page’s', async () => {
    const broken = createHtmlParser({ workerFile: new URL('./no-such-worker.mjs', import.meta.url) });
    try {
      await expect(broken.extract('<p>', PAGE_WANTS)).rejects.not.toBeInstanceOf(FetchRefusedError);
    } finally {
      await broken.close();
    }
  });
});
