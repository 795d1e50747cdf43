/**
 * Finds what a page offers for a Pin: its title, description and images —
 * Open Graph images first, then Twitter card images, then <img> elements in
 * document order. No DOM: a small linear tokenizer reads start tags and their
 * attributes the way the HTML tokenizer does (any attribute order, double,
 * single or no quotes, character references), skips comments and the
 * contents of <script>, <style> and friends, and ignores inline <svg>.
 */
import { TextDecoder } from 'node:util';
import { decodeEntities, WINDOWS_1252 } from './html-entities';

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

interface StartTag {
  name: string;
  /** Lower-cased names; raw values (references not yet decoded); the first of a repeated name wins. */
  attrs: Map<string, string>;
}

interface Tokens {
  metas: StartTag[];
  imgs: StartTag[];
  baseHref: string | null;
  title: string | null;
}

export function scrapeImages(html: string, pageUrl: string): ScrapedPage {
  const tokens = tokenize(html);
  const base = documentBase(pageUrl, tokens.baseHref);

  const meta = new MetaReader();
  for (const tag of tokens.metas) meta.read(tag);

  const found: ScrapedImage[] = [];
  for (const og of meta.og) {
    // Prefer the https variant when the page gives one.
    const secure = og.secureUrl === undefined ? null : resolveImageUrl(og.secureUrl, base);
    const url = secure?.startsWith('https:') ? secure : (og.url === undefined ? null : resolveImageUrl(og.url, base)) ?? secure;
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

  read(tag: StartTag) {
    const key = (tag.attrs.get('property') ?? tag.attrs.get('name') ?? tag.attrs.get('itemprop') ?? '').trim().toLowerCase();
    const raw = tag.attrs.get('content');
    if (!key || raw === undefined) return;
    const content = decodeEntities(raw, true);

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
        this.describe(this.og, (img) => img.secureUrl === undefined, (img) => (img.secureUrl = content));
        return;
      case 'twitter:image':
      case 'twitter:image:src':
        this.twitter.push({ url: content });
        return;
    }
    const [prefix, field] = key.startsWith('og:image:') ? [this.og, key.slice(9)] : key.startsWith('twitter:image:') ? [this.twitter, key.slice(14)] : [null, ''];
    if (!prefix) return;
    if (field === 'width' || field === 'height') {
      const n = parseDimension(content);
      if (n !== undefined) this.describe(prefix, (img) => img[field] === undefined, (img) => (img[field] = n));
    } else if (field === 'alt') {
      this.describe(prefix, (img) => img.alt === undefined, (img) => (img.alt = content));
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
const LAZY_SRC = ['data-src', 'data-lazy-src', 'data-original', 'data-url'];

function readImg(tag: StartTag, base: URL | null): ScrapedImage | null {
  const attr = (name: string) => {
    const v = tag.attrs.get(name);
    return v === undefined ? undefined : decodeEntities(v, true);
  };
  const attrWidth = parseDimension(attr('width'));
  const attrHeight = parseDimension(attr('height'));
  if (isPixel(attrWidth, attrHeight) || isPixelStyle(attr('style'))) return null;

  // Candidates, best first: the largest of a srcset, then lazy-loading attributes, then src.
  const candidates: { url: string; width?: number }[] = [];
  for (const name of ['srcset', 'data-srcset']) {
    const srcset = attr(name);
    if (srcset) candidates.push(...largestFirst(parseSrcset(srcset)));
  }
  for (const name of [...LAZY_SRC, 'src']) {
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

/** The HTML "parse a srcset attribute" algorithm, enough of it: URLs may contain commas. */
export function parseSrcset(srcset: string): SrcsetCandidate[] {
  const out: SrcsetCandidate[] = [];
  let i = 0;
  const n = srcset.length;
  const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';
  while (i < n) {
    while (i < n && (isSpace(srcset.charAt(i)) || srcset.charAt(i) === ',')) i++;
    if (i >= n) break;
    const start = i;
    while (i < n && !isSpace(srcset.charAt(i))) i++;
    let url = srcset.slice(start, i);
    let descriptors = '';
    if (url.endsWith(',')) {
      url = url.replace(/,+$/, '');
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
      const base = new URL(decodeEntities(baseHref, true).trim(), page ?? undefined);
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

function parseDimension(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const m = /^\s*(\d+)(?:\.\d*)?\s*(?:px)?\s*$/i.exec(value);
  return m?.[1] === undefined ? undefined : Number(m[1]);
}

// ---------------------------------------------------------------------------
// Tokenizer

/** Elements whose contents are text to the tokenizer (or inert), never tags. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'template', 'plaintext']);

/** Tags whose attributes the scraper reads. */
const ATTRIBUTES_WANTED = new Set(['meta', 'img', 'base']);

const closers = new Map<string, RegExp>();
function closerFor(name: string): RegExp {
  let re = closers.get(name);
  if (!re) {
    re = new RegExp(`</${name}(?=[\\s/>]|$)`, 'gi');
    closers.set(name, re);
  }
  return re;
}

const isAsciiAlpha = (code: number) => (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
const isTagSpace = (code: number) => code === 32 || code === 9 || code === 10 || code === 12 || code === 13;

function tokenize(html: string): Tokens {
  const tokens: Tokens = { metas: [], imgs: [], baseHref: null, title: null };
  const n = html.length;
  let svgDepth = 0;
  let i = 0;

  while (i < n) {
    const lt = html.indexOf('<', i);
    if (lt === -1) break;
    const next = html.charCodeAt(lt + 1);

    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      i = end === -1 ? n : end + 3;
      continue;
    }
    if (next === 33 /* ! */ || next === 63 /* ? */) {
      const end = html.indexOf('>', lt + 2);
      i = end === -1 ? n : end + 1;
      continue;
    }
    if (next === 47 /* / */) {
      let j = lt + 2;
      while (j < n && !isTagSpace(html.charCodeAt(j)) && html.charCodeAt(j) !== 62) j++;
      if (html.slice(lt + 2, j).toLowerCase() === 'svg' && svgDepth > 0) svgDepth--;
      const end = html.indexOf('>', j);
      i = end === -1 ? n : end + 1;
      continue;
    }
    if (!isAsciiAlpha(next)) {
      i = lt + 1;
      continue;
    }

    const tag = readStartTag(html, lt + 1);
    // A tag cut off by the end of the document is dropped, as browsers do.
    if (!tag.complete) break;
    i = tag.end;
    const name = tag.name;

    if (name === 'svg') {
      if (!tag.selfClosing) svgDepth++;
    } else if (svgDepth === 0) {
      if (name === 'meta') tokens.metas.push(tag);
      else if (name === 'img') tokens.imgs.push(tag);
      else if (name === 'base' && tokens.baseHref === null && tag.attrs.has('href')) tokens.baseHref = tag.attrs.get('href') ?? null;
    }

    if (RAW_TEXT.has(name)) {
      if (name === 'plaintext') break;
      const closer = closerFor(name);
      closer.lastIndex = i;
      const match = closer.exec(html);
      const textEnd = match ? match.index : n;
      if (name === 'title' && svgDepth === 0 && tokens.title === null) tokens.title = decodeEntities(html.slice(i, textEnd));
      if (!match) break;
      const end = html.indexOf('>', textEnd);
      i = end === -1 ? n : end + 1;
    }
  }
  return tokens;
}

function readStartTag(html: string, from: number): StartTag & { end: number; selfClosing: boolean; complete: boolean } {
  const n = html.length;
  let j = from;
  while (j < n) {
    const c = html.charCodeAt(j);
    if (isTagSpace(c) || c === 47 || c === 62) break;
    j++;
  }
  const name = html.slice(from, j).toLowerCase();
  const attrs = new Map<string, string>();
  // Other tags are only stepped over: their attributes are not kept.
  const keep = ATTRIBUTES_WANTED.has(name);
  let selfClosing = false;

  while (j < n) {
    // Between attributes: spaces and stray slashes.
    let c = html.charCodeAt(j);
    if (isTagSpace(c)) {
      j++;
      continue;
    }
    if (c === 47 /* / */) {
      selfClosing = html.charCodeAt(j + 1) === 62;
      j++;
      continue;
    }
    if (c === 62 /* > */) {
      j++;
      return { name, attrs, end: j, selfClosing, complete: true };
    }
    selfClosing = false;

    // Attribute name (a leading '=' belongs to the name, as in the HTML tokenizer).
    const nameStart = j;
    j++;
    while (j < n) {
      c = html.charCodeAt(j);
      if (isTagSpace(c) || c === 47 || c === 62 || c === 61 /* = */) break;
      j++;
    }
    const attrName = keep ? html.slice(nameStart, j).toLowerCase() : '';
    let k = j;
    while (k < n && isTagSpace(html.charCodeAt(k))) k++;
    let value = '';
    if (html.charCodeAt(k) === 61 /* = */) {
      k++;
      while (k < n && isTagSpace(html.charCodeAt(k))) k++;
      const quote = html.charCodeAt(k);
      if (quote === 34 || quote === 39) {
        const close = html.indexOf(quote === 34 ? '"' : "'", k + 1);
        const valueEnd = close === -1 ? n : close;
        if (keep) value = html.slice(k + 1, valueEnd);
        j = close === -1 ? n : close + 1;
      } else {
        const valueStart = k;
        while (k < n) {
          const v = html.charCodeAt(k);
          if (isTagSpace(v) || v === 62) break;
          k++;
        }
        if (keep) value = html.slice(valueStart, k);
        j = k;
      }
    }
    if (keep && !attrs.has(attrName)) attrs.set(attrName, value);
  }
  return { name, attrs, end: n, selfClosing, complete: false };
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
    const head = body.subarray(0, 4096).toString('latin1');
    label = /<meta[^>]*?charset\s*=\s*["']?\s*([a-zA-Z0-9_:.+-]+)/i.exec(head)?.[1] ?? null;
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

function decodeWindows1252(body: Buffer): string {
  const text = body.toString('latin1');
  return /[\x80-\x9f]/.test(text) ? text.replace(/[\x80-\x9f]/g, (c) => String.fromCharCode(WINDOWS_1252[c.charCodeAt(0)] ?? c.charCodeAt(0))) : text;
}
