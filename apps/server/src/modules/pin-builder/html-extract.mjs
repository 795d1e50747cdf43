/**
 * Reads what the server needs from an HTML document fetched from outside:
 * the <meta> tags it asks for, the <img> elements, the first <base href>
 * and the first <title>. Plain JavaScript (types in html-extract.d.mts) so
 * that the parse worker (html-parse.worker.mjs) runs it with no TypeScript
 * loader; it imports only htmlparser2.
 *
 * It drives htmlparser2's Tokenizer, not its Parser: the Tokenizer is one
 * linear pass over the text (the HTML tokenizer states: quotes, character
 * references decoded with `entities`, comments, raw text of <script>,
 * <style>, <title>, <textarea>, <iframe>, <xmp>, <noembed>, <noframes>,
 * <plaintext>), while the Parser keeps its stack of open elements in an
 * array it shifts, which is quadratic on deeply nested pages. Here no stack
 * is kept at all: only how deep the reader is in <svg> (whose contents are
 * not the page's) and <template> (inert).
 *
 * Everything kept is bounded (see LIMITS): a hostile page can make the work
 * at most linear in LIMITS.inputChars, and what comes out is small whatever
 * came in.
 */
import { Tokenizer } from 'htmlparser2';

export const LIMITS = Object.freeze({
  /** A longer document is read up to here, as if it ended there. */
  inputChars: 2 * 1024 * 1024,
  /** A longer attribute value is kept as empty (as if absent but still counted as given). */
  attributeChars: 16 * 1024,
  /** The <title> text is cut here. */
  titleChars: 2 * 1024,
  /** <meta> tags kept (only those asked for count). */
  metas: 256,
  /** <img> elements kept. */
  imgs: 512,
  /** Characters of attribute values kept in all, over all tags. */
  keptChars: 1024 * 1024,
});

/** The attributes kept, per element; all others are stepped over without being built. */
const WANTED = new Map([
  ['meta', new Set(['property', 'name', 'itemprop', 'content'])],
  ['img', new Set(['src', 'srcset', 'data-srcset', 'data-src', 'data-lazy-src', 'data-original', 'data-url', 'width', 'height', 'alt', 'style'])],
  ['base', new Set(['href'])],
]);
/** Longer tag and attribute names are none of the above: not even sliced. */
const NAME_MAX = 16;

const TITLE = 'title';
const SVG = 'svg';
const TEMPLATE = 'template';
const EMPTY = Object.freeze({ exact: [], prefixes: [] });

/**
 * @param {string} input
 * @param {import('./html-extract.d.mts').Wants} [wants]
 * @returns {import('./html-extract.d.mts').Extracted}
 */
export function extractFromHtml(input, wants = {}) {
  const html = input.length > LIMITS.inputChars ? input.slice(0, LIMITS.inputChars) : input;
  const metaKeys = wants.metaKeys ?? EMPTY;
  /** @type {import('./html-extract.d.mts').Extracted} */
  const out = { title: null, baseHref: null, metas: [], imgs: [], truncated: html.length < input.length };

  let svgDepth = 0;
  let templateDepth = 0;
  let kept = 0;

  // The start tag being read.
  let tagName = '';
  /** @type {Set<string> | null} */
  let wantedAttrs = null;
  /** @type {Record<string, string>} */
  let attrs = {};
  let tagChars = 0;
  // The attribute being read.
  let attrName = '';
  let keepAttr = false;
  let value = '';
  let overflow = false;
  // The first <title>, while it is open.
  let inTitle = false;
  let title = '';

  const nameAt = (start, end) => (end - start > NAME_MAX ? '' : html.slice(start, end).toLowerCase());

  const append = (text) => {
    if (overflow) return;
    if (value.length + text.length > LIMITS.attributeChars) {
      overflow = true;
      value = '';
    } else {
      value += text;
    }
  };
  const appendTitle = (text) => {
    if (title.length < LIMITS.titleChars) title += text.slice(0, LIMITS.titleChars - title.length);
  };

  const finishStartTag = (selfClosing) => {
    const name = tagName;
    if (name === SVG) {
      if (!selfClosing) svgDepth++;
      return;
    }
    if (name === TEMPLATE) {
      if (!selfClosing) templateDepth++;
      return;
    }
    if (svgDepth > 0 || templateDepth > 0) return;
    if (name === TITLE) {
      // <title/> is still an open title in HTML.
      if (wants.title && out.title === null && !inTitle) inTitle = true;
      return;
    }
    if (wantedAttrs === null) return;
    if (kept + tagChars > LIMITS.keptChars) {
      out.truncated = true;
      return;
    }
    if (name === 'meta') {
      if (out.metas.length >= LIMITS.metas || !metaWanted(attrs, metaKeys)) return;
      out.metas.push(attrs);
    } else if (name === 'img') {
      if (!wants.images) return;
      if (out.imgs.length >= LIMITS.imgs) {
        out.truncated = true;
        return;
      }
      out.imgs.push(attrs);
    } else if (name === 'base') {
      if (!wants.base || out.baseHref !== null || attrs.href === undefined) return;
      out.baseHref = attrs.href;
    }
    kept += tagChars;
  };

  const tokenizer = new Tokenizer(
    { decodeEntities: true },
    {
      isInForeignContext: () => svgDepth > 0,
      onopentagname(start, end) {
        tagName = nameAt(start, end);
        const wanted = WANTED.get(tagName);
        wantedAttrs = wanted !== undefined && svgDepth === 0 && templateDepth === 0 ? wanted : null;
        attrs = {};
        tagChars = 0;
      },
      onattribname(start, end) {
        attrName = wantedAttrs === null ? '' : nameAt(start, end);
        // The first of a repeated attribute wins.
        keepAttr = wantedAttrs !== null && wantedAttrs.has(attrName) && !Object.hasOwn(attrs, attrName);
        value = '';
        overflow = false;
      },
      onattribdata(start, end) {
        if (!keepAttr || overflow) return;
        // Checked before slicing: an overlong value is never built.
        if (value.length + (end - start) > LIMITS.attributeChars) {
          overflow = true;
          value = '';
        } else {
          value += html.slice(start, end);
        }
      },
      onattribentity(codePoint) {
        if (keepAttr) append(String.fromCodePoint(codePoint));
      },
      onattribend() {
        if (!keepAttr) return;
        attrs[attrName] = overflow ? '' : value;
        tagChars += overflow ? 0 : value.length;
        value = '';
        keepAttr = false;
      },
      onopentagend() {
        finishStartTag(false);
      },
      onselfclosingtag() {
        finishStartTag(true);
      },
      onclosetag(start, end) {
        const name = nameAt(start, end);
        if (name === SVG) {
          if (svgDepth > 0) svgDepth--;
        } else if (name === TEMPLATE) {
          if (templateDepth > 0 && svgDepth === 0) templateDepth--;
        } else if (name === TITLE && inTitle) {
          inTitle = false;
          out.title = title;
        }
      },
      ontext(start, end) {
        if (inTitle) appendTitle(html.slice(start, Math.min(end, start + LIMITS.titleChars)));
      },
      ontextentity(codePoint) {
        if (inTitle) appendTitle(String.fromCodePoint(codePoint));
      },
      oncdata() {},
      oncomment() {},
      ondeclaration() {},
      onprocessinginstruction() {},
      onend() {
        // A title the document never closed runs to its end.
        if (inTitle) out.title = title;
      },
    },
  );
  tokenizer.write(html);
  tokenizer.end();
  return out;
}

/** Whether any of the tag's property, name or itemprop is a key asked for. */
function metaWanted(attrs, { exact, prefixes }) {
  for (const attr of ['property', 'name', 'itemprop']) {
    const raw = attrs[attr];
    if (raw === undefined) continue;
    const key = raw.trim().toLowerCase();
    if (exact.includes(key) || prefixes.some((prefix) => key.startsWith(prefix))) return true;
  }
  return false;
}
