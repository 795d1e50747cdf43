/// <reference lib="dom" />
/** One picture found on a page: its absolute address, its best known size (0 when unknown) and where it was found. */
export interface PageImage {
  url: string;
  width: number;
  height: number;
  alt: string;
  source: 'img' | 'background' | 'og';
}

/** What a page offers to save: its address, title, description and pictures, the largest first. */
export interface PageImages {
  url: string;
  title: string;
  description: string;
  images: PageImage[];
}

/**
 * Reads a page's pictures: every `<img>` (its `srcset` and its `<picture>` sources resolved to the largest
 * candidate), every CSS background image, and the page's `og:image`; relative addresses made absolute,
 * `data:` and other non-web addresses left out, each address once with its largest size, pictures known to
 * be small (icons, spacers) left out, the largest first.
 *
 * It runs inside the page, so it must stand alone: the extension hands this very function to
 * `chrome.scripting.executeScript` (an isolated world, which the page's CSP does not govern and which adds
 * nothing to the page), and the bookmarklet carries its source. No import, no closure over this module.
 */
export function collectPageImages(doc: Document = document, minSide = 100, maxElements = 6000): PageImages {
  const base = doc.baseURI;
  const absolute = (value: string | null | undefined): string | null => {
    if (!value) return null;
    try {
      const url = new URL(value.trim(), base);
      return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
    } catch {
      return null;
    }
  };

  /** The srcset candidates (the HTML parsing rules, without regular expressions): address and width or density. */
  const parseSrcset = (srcset: string) => {
    const candidates: { url: string; w: number; x: number }[] = [];
    let i = 0;
    const isSpace = (c: string | undefined) => c === ' ' || c === '\n' || c === '\t' || c === '\r' || c === '\f';
    while (i < srcset.length) {
      while (i < srcset.length && (isSpace(srcset[i]) || srcset[i] === ',')) i++;
      let url = '';
      while (i < srcset.length && !isSpace(srcset[i])) url += srcset[i++];
      let descriptor = '';
      if (url.endsWith(',')) {
        while (url.endsWith(',')) url = url.slice(0, -1);
      } else {
        let depth = 0;
        while (i < srcset.length && (srcset[i] !== ',' || depth > 0)) {
          if (srcset[i] === '(') depth++;
          if (srcset[i] === ')') depth = Math.max(0, depth - 1);
          descriptor += srcset[i++];
        }
      }
      if (!url) continue;
      const d = descriptor.trim();
      const w = d.endsWith('w') ? Number.parseInt(d, 10) : 0;
      const x = d.endsWith('x') ? Number.parseFloat(d) : d === '' ? 1 : 0;
      candidates.push({ url, w: Number.isFinite(w) ? w : 0, x: Number.isFinite(x) ? x : 0 });
    }
    return candidates;
  };

  const found = new Map<string, { url: string; width: number; height: number; alt: string; source: 'img' | 'background' | 'og'; order: number }>();
  let order = 0;
  const add = (url: string | null, width: number, height: number, alt: string, source: 'img' | 'background' | 'og') => {
    if (!url) return;
    const w = Math.round(width) || 0;
    const h = Math.round(height) || 0;
    const known = found.get(url);
    if (!known) {
      found.set(url, { url, width: w, height: h, alt, source, order: order++ });
    } else if (w * h > known.width * known.height) {
      known.width = w;
      known.height = h;
      known.alt ||= alt;
    }
  };

  const ogImage = doc.querySelector('meta[property="og:image"], meta[name="og:image"]')?.getAttribute('content');
  const metaNumber = (name: string) => Number(doc.querySelector(`meta[property="${name}"]`)?.getAttribute('content') ?? 0) || 0;
  add(absolute(ogImage), metaNumber('og:image:width'), metaNumber('og:image:height'), '', 'og');

  for (const img of Array.from(doc.querySelectorAll('img'))) {
    const box = img.getBoundingClientRect();
    const naturalWidth = img.naturalWidth || Number(img.getAttribute('width')) || box.width || 0;
    const naturalHeight = img.naturalHeight || Number(img.getAttribute('height')) || box.height || 0;
    const ratio = naturalWidth > 0 ? naturalHeight / naturalWidth : 0;
    const sets = [img.getAttribute('srcset') ?? ''];
    if (img.parentElement?.tagName === 'PICTURE') {
      for (const source of Array.from(img.parentElement.querySelectorAll('source'))) sets.push(source.getAttribute('srcset') ?? '');
    }
    let best: { url: string; width: number } | null = null;
    for (const candidate of sets.flatMap(parseSrcset)) {
      const width = candidate.w || (candidate.x && naturalWidth ? candidate.x * naturalWidth : 0);
      if (!best || width > best.width) best = { url: candidate.url, width };
    }
    const alt = (img.getAttribute('alt') ?? '').trim();
    if (best && best.width >= naturalWidth) {
      add(absolute(best.url), best.width, ratio ? best.width * ratio : naturalHeight, alt, 'img');
    } else {
      add(absolute(img.getAttribute('src') || img.currentSrc), naturalWidth, naturalHeight, alt, 'img');
    }
  }

  const view = doc.defaultView;
  const elements = Array.from(doc.querySelectorAll('*')).slice(0, maxElements);
  for (const element of elements) {
    const background = view ? view.getComputedStyle(element).backgroundImage : '';
    if (!background || background === 'none') continue;
    const box = element.getBoundingClientRect();
    const width = box.width || (element as HTMLElement).offsetWidth || 0;
    const height = box.height || (element as HTMLElement).offsetHeight || 0;
    let rest = background;
    for (let start = rest.indexOf('url('); start !== -1; start = rest.indexOf('url(')) {
      const end = rest.indexOf(')', start);
      if (end === -1) break;
      let inner = rest.slice(start + 4, end).trim();
      if ((inner.startsWith('"') && inner.endsWith('"')) || (inner.startsWith("'") && inner.endsWith("'"))) inner = inner.slice(1, -1);
      add(absolute(inner), width, height, element.getAttribute('aria-label') ?? '', 'background');
      rest = rest.slice(end + 1);
    }
  }

  const images = Array.from(found.values())
    .filter((image) => !((image.width > 0 && image.width < minSide) || (image.height > 0 && image.height < minSide)))
    .sort((a, b) => b.width * b.height - a.width * a.height || a.order - b.order)
    .map(({ url, width, height, alt, source }) => ({ url, width, height, alt, source }));

  const description = doc.querySelector('meta[property="og:description"], meta[name="description"]')?.getAttribute('content') ?? '';
  const title = doc.querySelector('meta[property="og:title"]')?.getAttribute('content') || doc.title || '';
  return { url: doc.location?.href ?? base, title: title.trim(), description: description.trim(), images };
}
