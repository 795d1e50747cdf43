import { collectPageImages } from '@pinboard/shared/browser/pageImages';
import { isWebAddress, normalizeLink } from '@pinboard/shared/text/links';
import type { FoundImages } from '../pins/pins.api';

/** The save window's address: the bookmarklet and the share target open it (decision 101). */
const SAVE_WINDOW_PATH = '/pin/create/bookmarklet/';

/** At most this many pictures travel in the window's address (largest first). */
const MAX_IMAGES = 40;

/**
 * The bookmarklet: run on any page, it reads the page's pictures with the same function as the extension and
 * opens a small window on our own origin with the page's address, title, description and pictures in the
 * window's address (the pictures in the fragment, which no server sees). It adds no script, style or element
 * to the page, so a page's Content-Security-Policy has nothing to refuse.
 */
export function bookmarkletHref(origin: string): string {
  const open = `(collect, target) => {
    const page = collect(document);
    const query = new URLSearchParams({ url: page.url, title: page.title, text: page.description });
    const fragment = new URLSearchParams();
    for (const image of page.images.slice(0, ${MAX_IMAGES})) fragment.append('img', image.width + 'x' + image.height + ' ' + image.url + ' ' + image.alt);
    window.open(target + '?' + query + '#' + fragment, 'pinboard_save', 'popup,width=820,height=760');
  }`;
  const code = `(${open})(${collectPageImages.toString()}, ${JSON.stringify(origin + SAVE_WINDOW_PATH)})`;
  return `javascript:${encodeURIComponent(`void ${code}`)}`;
}

/** What arrived with the save window: a page (the bookmarklet, a shared link) or a shared picture's key. */
export interface SaveRequest {
  link: string;
  title: string;
  description: string;
  /** The pictures the bookmarklet read (none for a shared link: the server reads the page then). */
  images: FoundImages['images'];
  /** The key of a picture shared from another app, kept by the service worker. */
  sharedFile: string | null;
}

const firstLinkIn = (text: string) => text.split(/\s+/).find((word) => isWebAddress(word) && /^https?:\/\//i.test(word)) ?? '';

/** Reads the save window's address: `?url&title&text` (the share target's names too), `&shared=`, `#img=WxH url`. */
export function readSaveRequest(search: string, hash: string): SaveRequest {
  const query = new URLSearchParams(search);
  const text = query.get('text') ?? '';
  const rawLink = query.get('url') || firstLinkIn(text);
  const link = rawLink && isWebAddress(rawLink) ? normalizeLink(rawLink) : '';
  const images: FoundImages['images'] = [];
  for (const entry of new URLSearchParams(hash.replace(/^#/, '')).getAll('img').slice(0, MAX_IMAGES)) {
    // "{width}x{height} {url} {alt}": an absolute address has no space.
    const [size = '', url = '', ...alt] = entry.split(' ');
    const [width = 0, height = 0] = size.split('x').map(Number);
    if (!/^https?:\/\//i.test(url)) continue;
    images.push({ url, source: 'img', ...(width > 0 && height > 0 ? { width, height } : {}), ...(alt.length ? { alt: alt.join(' ') } : {}) });
  }
  const sharedFile = query.get('shared');
  return {
    link,
    title: query.get('title') ?? '',
    description: text === rawLink ? '' : text.replace(rawLink, '').trim(),
    images,
    sharedFile: sharedFile && /^[a-z0-9]{1,40}$/.test(sharedFile) ? sharedFile : null,
  };
}
