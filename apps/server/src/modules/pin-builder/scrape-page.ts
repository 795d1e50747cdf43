/**
 * Finds what a page offers for a Pin: its title, description and images —
 * Open Graph images first, then Twitter card images, then <img> elements in
 * document order. The HTML itself is read by htmlparser2's tokenizer
 * (html-extract.mjs), off the main thread for fetched pages (`scrapePage`,
 * through html-parse.ts); this module makes sense of the few, size-bounded
 * tags that reading keeps: <meta>, <img>, <base> and <title>.
 */
import { TextDecoder } from 'node:util';
import { extractFromHtml, type Extracted, type ImgAttributes, type MetaAttributes, type Wants } from './html-extract.mjs';
import { sharedHtmlParser, type HtmlParser } from './html-parse';

export type ImageSource = 'og' | 'twitter' | 'img';

export interface ScrapedImage {
  url: string;
  width?: number;
  height?: number;
  alt?: string;
  source: ImageSource;
}

export interface ScrapedPage {
  title: string | null;
  description: string | null;
  images: ScrapedImage[];
}

export const MAX_IMAGES = 30;
/** An image this small (or smaller) in either dimension is a tracking pixel. */
const PIXEL_MAX = 2;

/** Most candidates of one srcset considered (the widest of them are used). */
export const MAX_SRCSET_CANDIDATES = 32;

/** What the scraper asks the HTML reader for. */
export const PAGE_WANTS: Wants = {
  metaKeys: { exact: ['description'], prefixes: ['og:', 'twitter:'] },
  images: true,
  title: true,
  base: true,
};

/**
 * Reads a fetched page in a worker thread (html-parse.ts): the way for any
 * HTML from outside. Throws FetchRefusedError `unreadable` or `busy`.
 */
export async function scrapePage(html: string, pageUrl: string, parser: HtmlParser = sharedHtmlParser()): Promise<ScrapedPage> {
  return readPage(await parser.extract(html, PAGE_WANTS), pageUrl);
}

/**
 * The same, read on the calling thread: for tests and trusted markup only.
 * (Reading is linear and bounded, but a page of several megabytes still takes
 * milliseconds that a request must not spend on the event loop.)
 */
export function scrapeImages(html: string, pageUrl: string): ScrapedPage {
  return readPage(extractFromHtml(html, PAGE_WANTS), pageUrl);
}

/** Title, description and images from what the HTML reader kept. */
export function readPage(tokens: Extracted, pageUrl: string): ScrapedPage {
  const base = documentBase(pageUrl, tokens.baseHref);

  const meta = new MetaReader();
  for (const tag of tokens.metas) meta.read(tag);

  const found: ScrapedImage[] = [];
  for (const og of meta.og) {
    // Prefer the https variant when the page gives one.
    const secure = og.secureUrl === undefined ? null : resolveImageUrl(og.secureUrl, base);
    const url = secure?.startsWith('https:') ? secure : ((og.url === undefined ? null : resolveImageUrl(og.url, base)) ?? secure);
    if (url) found.push(withDetails({ url, source: 'og' }, og));
  }
  for (const tw of meta.twitter) {
    const url = tw.url === undefined ? null : resolveImageUrl(tw.url, base);
    if (url) found.push(withDetails({ url, source: 'twitter' }, tw));
  }
  for (const tag of tokens.imgs) {
    const image = readImg(tag, base);
    if (image) found.push(image);
  }

  return {
    title: cleanText(meta.text.get('og:title') ?? tokens.title ?? meta.text.get('twitter:title')),
    description: cleanText(meta.text.get('og:description') ?? meta.text.get('description') ?? meta.text.get('twitter:description')),
    images: dedupe(found).slice(0, MAX_IMAGES),
  };
}

// ---------------------------------------------------------------------------
// <meta>: Open Graph, Twitter cards, description

interface DeclaredImage {
  url?: string;
  secureUrl?: string;
  width?: number;
  height?: number;
  alt?: string;
}

const TEXT_KEYS = new Set(['og:title', 'og:description', 'description', 'twitter:title', 'twitter:description']);

class MetaReader {
  readonly og: DeclaredImage[] = [];
  readonly twitter: DeclaredImage[] = [];
  /** First non-empty value per text key. */
  readonly text = new Map<string, string>();

  read(tag: MetaAttributes) {
    const key = (tag.property ?? tag.name ?? tag.itemprop ?? '').trim().toLowerCase();
    const content = tag.content;
    if (!key || content === undefined) return;

    if (TEXT_KEYS.has(key)) {
      if (!this.text.has(key) && content.trim() !== '') this.text.set(key, content);
      return;
    }
    switch (key) {
      // Open Graph arrays: each og:image starts an image; the properties after it describe it.
      case 'og:image':
      case 'og:image:url': {
        const last = this.og.at(-1);
        if (last && last.url === undefined) last.url = content;
        else if (!(key === 'og:image:url' && last?.url === content)) this.og.push({ url: content });
        return;
      }
      case 'og:image:secure_url':
        this.describe(
          this.og,
          (img) => img.secureUrl === undefined,
          (img) => (img.secureUrl = content),
        );
        return;
      case 'twitter:image':
      case 'twitter:image:src':
        this.twitter.push({ url: content });
        return;
    }
    const [prefix, field] = key.startsWith('og:image:')
      ? [this.og, key.slice(9)]
      : key.startsWith('twitter:image:')
        ? [this.twitter, key.slice(14)]
        : [null, ''];
    if (!prefix) return;
    if (field === 'width' || field === 'height') {
      const n = parseDimension(content);
      if (n !== undefined)
        this.describe(
          prefix,
          (img) => img[field] === undefined,
          (img) => (img[field] = n),
        );
    } else if (field === 'alt') {
      this.describe(
        prefix,
        (img) => img.alt === undefined,
        (img) => (img.alt = content),
      );
    }
  }

  /** Sets a property on the current image, or on a new one when the current already has it. */
  private describe(list: DeclaredImage[], free: (img: DeclaredImage) => boolean, set: (img: DeclaredImage) => void) {
    let last = list.at(-1);
    if (!last || !free(last)) {
      last = {};
      list.push(last);
    }
    set(last);
  }
}

function withDetails(image: ScrapedImage, declared: DeclaredImage): ScrapedImage {
  if (declared.width !== undefined) image.width = declared.width;
  if (declared.height !== undefined) image.height = declared.height;
  const alt = cleanText(declared.alt);
  if (alt) image.alt = alt;
  return image;
}

// ---------------------------------------------------------------------------
// <img>

/** Attributes that may hold the real image of a lazily loaded <img>, best first, after srcset. */
const LAZY_SRC = ['data-src', 'data-lazy-src', 'data-original', 'data-url'] as const;

function readImg(tag: ImgAttributes, base: URL | null): ScrapedImage | null {
  const attr = (name: keyof ImgAttributes) => tag[name];
  const attrWidth = parseDimension(attr('width'));
  const attrHeight = parseDimension(attr('height'));
  if (isPixel(attrWidth, attrHeight) || isPixelStyle(attr('style'))) return null;

  // Candidates, best first: the largest of a srcset, then lazy-loading attributes, then src.
  const candidates: { url: string; width?: number }[] = [];
  for (const name of ['srcset', 'data-srcset'] as const) {
    const srcset = attr(name);
    if (srcset) candidates.push(...largestFirst(parseSrcset(srcset)));
  }
  for (const name of [...LAZY_SRC, 'src'] as const) {
    const value = attr(name);
    if (value) candidates.push({ url: value });
  }

  for (const candidate of candidates) {
    const url = resolveImageUrl(candidate.url, base);
    if (!url) continue;
    const image: ScrapedImage = { url, source: 'img' };
    if (candidate.width !== undefined) {
      image.width = candidate.width;
      if (attrWidth && attrHeight) image.height = Math.round((attrHeight * candidate.width) / attrWidth);
    } else {
      if (attrWidth !== undefined) image.width = attrWidth;
      if (attrHeight !== undefined) image.height = attrHeight;
    }
    const alt = cleanText(attr('alt'));
    if (alt) image.alt = alt;
    return image;
  }
  return null;
}

interface SrcsetCandidate {
  url: string;
  width?: number;
  density?: number;
}

/**
 * The HTML "parse a srcset attribute" algorithm, enough of it: URLs may
 * contain commas. One pass, no backtracking; at most MAX_SRCSET_CANDIDATES.
 */
export function parseSrcset(srcset: string): SrcsetCandidate[] {
  const out: SrcsetCandidate[] = [];
  let i = 0;
  const n = srcset.length;
  const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';
  while (i < n && out.length < MAX_SRCSET_CANDIDATES) {
    while (i < n && (isSpace(srcset.charAt(i)) || srcset.charAt(i) === ',')) i++;
    if (i >= n) break;
    const start = i;
    while (i < n && !isSpace(srcset.charAt(i))) i++;
    let url = srcset.slice(start, i);
    let descriptors = '';
    if (url.endsWith(',')) {
      // Trailing commas end the candidate (no descriptors).
      let end = url.length;
      while (end > 0 && url.charCodeAt(end - 1) === 44 /* , */) end--;
      url = url.slice(0, end);
    } else {
      // Descriptors run to the next comma outside parentheses.
      const dStart = i;
      let depth = 0;
      while (i < n) {
        const c = srcset.charAt(i);
        if (c === '(') depth++;
        else if (c === ')') depth = Math.max(0, depth - 1);
        else if (c === ',' && depth === 0) break;
        i++;
      }
      descriptors = srcset.slice(dStart, i);
      i++;
    }
    if (!url) continue;
    const candidate: SrcsetCandidate = { url };
    for (const d of descriptors.trim().split(/\s+/)) {
      const w = /^(\d+)w$/.exec(d);
      const x = /^(\d+(?:\.\d+)?|\.\d+)x$/.exec(d);
      if (w?.[1]) candidate.width = Number(w[1]);
      else if (x?.[1]) candidate.density = Number(x[1]);
    }
    out.push(candidate);
  }
  return out;
}

/** Widest first (by w, else by density, a bare URL counting as 1x); the order given breaks ties. */
function largestFirst(candidates: SrcsetCandidate[]): { url: string; width?: number }[] {
  const size = (c: SrcsetCandidate) => c.width ?? (c.density ?? 1) * 1e-6;
  return candidates
    .map((c, i) => ({ c, i }))
    .sort((a, b) => size(b.c) - size(a.c) || a.i - b.i)
    .map(({ c }) => (c.width === undefined ? { url: c.url } : { url: c.url, width: c.width }));
}

function isPixel(width: number | undefined, height: number | undefined): boolean {
  return (width !== undefined && width <= PIXEL_MAX) || (height !== undefined && height <= PIXEL_MAX);
}

function isPixelStyle(style: string | undefined): boolean {
  if (!style) return false;
  const re = /(?:^|[;\s])(?:width|height)\s*:\s*(\d+(?:\.\d+)?)px/gi;
  for (let m = re.exec(style); m; m = re.exec(style)) if (Number(m[1]) <= PIXEL_MAX) return true;
  return false;
}

// ---------------------------------------------------------------------------
// URLs, text, dimensions

function documentBase(pageUrl: string, baseHref: string | null): URL | null {
  let page: URL | null;
  try {
    page = new URL(pageUrl);
  } catch {
    page = null;
  }
  if (baseHref !== null) {
    try {
      const base = new URL(baseHref.trim(), page ?? undefined);
      if (base.protocol === 'http:' || base.protocol === 'https:') return base;
    } catch {
      // An unusable <base href> is ignored, as browsers do.
    }
  }
  return page;
}

/** An absolute http(s) URL for an image reference, or null (data:, javascript:, SVG, unparseable). */
function resolveImageUrl(raw: string, base: URL | null): string | null {
  const text = raw.trim();
  if (!text || /^data:/i.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text, base ?? undefined);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  if (/\.svgz?$/i.test(url.pathname)) return null;
  url.hash = '';
  return url.href;
}

function dedupe(images: ScrapedImage[]): ScrapedImage[] {
  const byUrl = new Map<string, ScrapedImage>();
  for (const image of images) {
    const seen = byUrl.get(image.url);
    if (!seen) {
      byUrl.set(image.url, image);
      continue;
    }
    // Keep the first (and its source); borrow what it lacks from the later mention.
    if (seen.width === undefined && seen.height === undefined) {
      if (image.width !== undefined) seen.width = image.width;
      if (image.height !== undefined) seen.height = image.height;
    }
    if (seen.alt === undefined && image.alt !== undefined) seen.alt = image.alt;
  }
  return [...byUrl.values()].filter((img) => !isPixel(img.width, img.height));
}

function cleanText(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean === '' ? null : clean;
}

/** "450", " 450px ", "450.5" → 450. Trimmed first: the pattern has no two quantifiers that can share characters. */
export function parseDimension(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const m = /^(\d+)(?:\.\d*)?\s*(?:px)?$/i.exec(value.trim());
  return m?.[1] === undefined ? undefined : Number(m[1]);
}

// ---------------------------------------------------------------------------
// Bytes to text

/**
 * Decodes a fetched HTML body: a byte order mark wins, then the charset of
 * the Content-Type, then a <meta charset> / http-equiv near the start, then
 * UTF-8. An unknown label falls back to UTF-8.
 */
export function decodeHtmlBody(body: Buffer, contentType: string): string {
  let label: string | null = null;
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) label = 'utf-8';
  else if (body[0] === 0xfe && body[1] === 0xff) label = 'utf-16be';
  else if (body[0] === 0xff && body[1] === 0xfe) label = 'utf-16le';
  if (!label) label = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1] ?? null;
  if (!label) {
    label = metaCharset(body.subarray(0, 4096).toString('latin1'));
    // A page cannot declare itself UTF-16 from inside (it would not be readable as ASCII).
    if (label && /^utf-?16/i.test(label)) label = 'utf-8';
  }
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label ?? 'utf-8');
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  // Node 20 decodes windows-1252 (which the labels latin1, iso-8859-1 and ascii also mean) as ISO-8859-1.
  if (decoder.encoding === 'windows-1252') return decodeWindows1252(body);
  return decoder.decode(body);
}

/**
 * The charset a <meta charset> or http-equiv Content-Type declares. Each
 * <meta ...> is cut out with indexOf and searched alone, by a pattern whose
 * quantifiers never compete for the same characters: linear in `head`.
 */
export function metaCharset(head: string): string | null {
  const lower = head.toLowerCase();
  for (let at = lower.indexOf('<meta'); at !== -1;) {
    const end = lower.indexOf('>', at);
    const tag = lower.slice(at, end === -1 ? lower.length : end);
    const label = /charset\s*=[\s"']*([a-z0-9_:.+-]+)/.exec(tag)?.[1];
    if (label) return label;
    if (end === -1) break;
    at = lower.indexOf('<meta', end);
  }
  return null;
}

/** Code points 0x80-0x9F in Windows-1252 (the five it leaves undefined stay as they are). */
const WINDOWS_1252: Readonly<Record<number, number>> = {
  0x80: 0x20ac,
  0x82: 0x201a,
  0x83: 0x0192,
  0x84: 0x201e,
  0x85: 0x2026,
  0x86: 0x2020,
  0x87: 0x2021,
  0x88: 0x02c6,
  0x89: 0x2030,
  0x8a: 0x0160,
  0x8b: 0x2039,
  0x8c: 0x0152,
  0x8e: 0x017d,
  0x91: 0x2018,
  0x92: 0x2019,
  0x93: 0x201c,
  0x94: 0x201d,
  0x95: 0x2022,
  0x96: 0x2013,
  0x97: 0x2014,
  0x98: 0x02dc,
  0x99: 0x2122,
  0x9a: 0x0161,
  0x9b: 0x203a,
  0x9c: 0x0153,
  0x9e: 0x017e,
  0x9f: 0x0178,
};

function decodeWindows1252(body: Buffer): string {
  const text = body.toString('latin1');
  return /[\x80-\x9f]/.test(text) ? text.replace(/[\x80-\x9f]/g, (c) => String.fromCharCode(WINDOWS_1252[c.charCodeAt(0)] ?? c.charCodeAt(0))) : text;
}
