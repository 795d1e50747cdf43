/**
 * Pin from a website: fetch the page a person links to and offer its images
 * (Open Graph first), then fetch the image they choose. All fetching goes
 * through `safeFetch`, so nothing but public addresses is ever reached
 * (docs/product/api-contract.md §6); `allowPrivateAddresses` exists for tests' loopback fixtures.
 *
 * A page is read (html-parse.ts) off the main thread, from its first
 * PAGE_READ_MAX_BYTES: no page can hold the event loop.
 *
 * `fetchImage` returns the bytes as sent; the caller checks them with the
 * image pipeline (type by bytes, 20 MB, 50 megapixels) before keeping them.
 */
import { LIMITS } from './html-extract.mjs';
import type { HtmlParser } from './html-parse';
import { FetchRefusedError, safeFetch, type Resolver } from './safe-fetch';
import { decodeHtmlBody, scrapePage, type ScrapedImage } from './scrape-page';

export const PAGE_MAX_BYTES = 5 * 1024 * 1024;
/** A longer page is read up to here (what a Pin needs is near the start). */
export const PAGE_READ_MAX_BYTES = LIMITS.inputChars;
export const IMAGE_MAX_BYTES = 20 * 1024 * 1024;

const PAGE_ACCEPT = 'text/html,application/xhtml+xml;q=0.9,image/webp,image/png,image/jpeg,image/gif;q=0.8,*/*;q=0.5';
const IMAGE_ACCEPT = 'image/webp,image/png,image/jpeg,image/gif;q=0.9,image/*;q=0.8,*/*;q=0.5';

export interface PinBuilderOptions {
  /** Tests only: let fetches reach loopback/private addresses (their own fixture servers). */
  allowPrivateAddresses: boolean;
  /** Tests only: a fake DNS. */
  resolver?: Resolver;
  /** Deadline per fetch, redirects included. Default 8000 ms. */
  timeoutMs?: number;
  /** Tests only: another HTML reader than the shared one (e.g. a shorter deadline). */
  htmlParser?: HtmlParser;
}

interface FoundImages {
  /** The page's URL after redirects (the link the Pin should keep). */
  link: string;
  title: string | null;
  description: string | null;
  /** At most 30, og:image first; never empty. */
  images: ScrapedImage[];
}

export interface PinBuilder {
  findImages(link: string): Promise<FoundImages>;
  fetchImage(imageUrl: string): Promise<Buffer>;
}

type Kind = 'html' | 'image' | 'unknown' | 'other';

export function createPinBuilder(options: PinBuilderOptions): PinBuilder {
  const common = {
    allowPrivateAddresses: options.allowPrivateAddresses,
    ...(options.resolver ? { resolver: options.resolver } : {}),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  };

  return {
    async findImages(link) {
      const url = normalizeLink(link);
      const res = await safeFetch(url, {
        ...common,
        maxBytes: PAGE_MAX_BYTES,
        accept: PAGE_ACCEPT,
        subject: 'page',
        // An image link needs no body here (fetchImage gets it), nor does anything that is not HTML.
        readBody: (head) => {
          const kind = kindOf(head.contentType);
          return kind === 'html' || kind === 'unknown';
        },
      });

      let kind = kindOf(res.contentType);
      if (kind === 'image') {
        return { link: res.finalUrl, title: null, description: null, images: [{ url: res.finalUrl, source: 'img' }] };
      }
      if (kind === 'unknown') kind = looksLikeHtml(res.body) ? 'html' : 'other';
      if (kind !== 'html') throw new FetchRefusedError('not_html');

      const html = decodeHtmlBody(res.body.subarray(0, PAGE_READ_MAX_BYTES), res.contentType);
      const page = await scrapePage(html, res.finalUrl, options.htmlParser);
      if (page.images.length === 0) throw new FetchRefusedError('no_images');
      return { link: res.finalUrl, title: page.title, description: page.description, images: page.images };
    },

    async fetchImage(imageUrl) {
      const res = await safeFetch(normalizeLink(imageUrl), {
        ...common,
        maxBytes: IMAGE_MAX_BYTES,
        accept: IMAGE_ACCEPT,
        subject: 'image',
      });
      return res.body;
    },
  };
}

/**
 * The link as an absolute URL: trimmed, `https://` added when it has no
 * scheme (`example.com/page`, `//example.com/page`, `localhost:3000`).
 * Whether the result may be fetched is safeFetch's decision.
 */
export function normalizeLink(link: string): string {
  const text = typeof link === 'string' ? link.trim() : '';
  if (text === '') throw new FetchRefusedError('invalid_url');
  let candidate = text;
  if (text.startsWith('//')) candidate = `https:${text}`;
  // "example.com:8080/x" is not a URL with scheme "example.com": only a scheme
  // followed by "//", or one that never has it, counts as given.
  else if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text) && !/^(?:javascript|data|mailto|tel|about|blob|file|vbscript):/i.test(text)) {
    candidate = `https://${text}`;
  }
  try {
    return new URL(candidate).href;
  } catch {
    throw new FetchRefusedError('invalid_url');
  }
}

function kindOf(contentType: string): Kind {
  const mime = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  if (mime === '') return 'unknown';
  if (mime === 'text/html' || mime === 'application/xhtml+xml') return 'html';
  if (mime.startsWith('image/') && mime !== 'image/svg+xml') return 'image';
  return 'other';
}

/** Content sniffing for a page sent without a Content-Type. */
function looksLikeHtml(body: Buffer): boolean {
  const start = body
    .subarray(0, 1024)
    .toString('latin1')
    .replace(/^\ufeff|^\xef\xbb\xbf/, '')
    .trimStart()
    .toLowerCase();
  return /^<(?:!doctype html|html|head|body|title|meta|!--|script|div|p|h1|a\s|img|table|iframe|br|font|b>)/.test(start);
}
