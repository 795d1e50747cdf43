/**
 * Decoding of HTML character references (`&amp;`, `&#39;`, `&#x2F;`, `&eacute;`)
 * for text and attribute values scraped from pages. Covers numeric references
 * fully (with the HTML rules for invalid code points) and the named ones pages
 * actually use; an unknown name is left as written.
 */

const LATIN1_NAMES = (
  'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr ' +
  'deg plusmn sup2 sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest ' +
  'Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ' +
  'ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig ' +
  'agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml ' +
  'eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml'
).split(' ');

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  OElig: '\u0152',
  oelig: '\u0153',
  Scaron: '\u0160',
  scaron: '\u0161',
  Yuml: '\u0178',
  fnof: '\u0192',
  circ: '\u02c6',
  tilde: '\u02dc',
  ensp: '\u2002',
  emsp: '\u2003',
  thinsp: '\u2009',
  zwnj: '\u200c',
  zwj: '\u200d',
  lrm: '\u200e',
  rlm: '\u200f',
  ndash: '\u2013',
  mdash: '\u2014',
  horbar: '\u2015',
  lsquo: '\u2018',
  rsquo: '\u2019',
  sbquo: '\u201a',
  ldquo: '\u201c',
  rdquo: '\u201d',
  bdquo: '\u201e',
  dagger: '\u2020',
  Dagger: '\u2021',
  bull: '\u2022',
  hellip: '\u2026',
  permil: '\u2030',
  prime: '\u2032',
  Prime: '\u2033',
  lsaquo: '\u2039',
  rsaquo: '\u203a',
  oline: '\u203e',
  frasl: '\u2044',
  euro: '\u20ac',
  trade: '\u2122',
  larr: '\u2190',
  uarr: '\u2191',
  rarr: '\u2192',
  darr: '\u2193',
  harr: '\u2194',
  minus: '\u2212',
  hearts: '\u2665',
  spades: '\u2660',
  clubs: '\u2663',
  diams: '\u2666',
  star: '\u2606',
  check: '\u2713',
  nbsp: '\u00a0',
};
LATIN1_NAMES.forEach((name, i) => {
  NAMED[name] = String.fromCharCode(0xa0 + i);
});

/** Names that pages write without the semicolon often enough to matter. */
const LEGACY_NO_SEMICOLON = new Set(['amp', 'lt', 'gt', 'quot', 'nbsp', 'copy', 'reg']);

/** Code points 0x80-0x9F mean their Windows-1252 characters in a numeric reference. */
export const WINDOWS_1252: Readonly<Record<number, number>> = {
  0x80: 0x20ac, 0x82: 0x201a, 0x83: 0x0192, 0x84: 0x201e, 0x85: 0x2026, 0x86: 0x2020, 0x87: 0x2021,
  0x88: 0x02c6, 0x89: 0x2030, 0x8a: 0x0160, 0x8b: 0x2039, 0x8c: 0x0152, 0x8e: 0x017d, 0x91: 0x2018,
  0x92: 0x2019, 0x93: 0x201c, 0x94: 0x201d, 0x95: 0x2022, 0x96: 0x2013, 0x97: 0x2014, 0x98: 0x02dc,
  0x99: 0x2122, 0x9a: 0x0161, 0x9b: 0x203a, 0x9c: 0x0153, 0x9e: 0x017e, 0x9f: 0x0178,
};

const REFERENCE = /&(?:#([xX][0-9a-fA-F]+|[0-9]+)(;?)|([a-zA-Z][a-zA-Z0-9]*)(;?))/g;

/**
 * Replaces character references in `text`. In an attribute value (`inAttribute`),
 * a name without its semicolon followed by `=` or a letter/digit stays as
 * written, as browsers do (so `?a=1&copy=2` in a URL survives).
 */
export function decodeEntities(text: string, inAttribute = false): string {
  if (!text.includes('&')) return text;
  return text.replace(REFERENCE, (whole, num: string | undefined, _numSemi: string, name: string | undefined, semi: string, offset: number) => {
    if (num !== undefined) return fromCodePoint(num[0] === 'x' || num[0] === 'X' ? Number.parseInt(num.slice(1), 16) : Number.parseInt(num, 10));
    if (name === undefined) return whole;
    const value = NAMED[name];
    if (value === undefined) return whole;
    if (semi === ';') return value;
    if (!LEGACY_NO_SEMICOLON.has(name)) return whole;
    const next = text.charAt(offset + whole.length);
    if (inAttribute && /[=a-zA-Z0-9]/.test(next)) return whole;
    return value;
  });
}

function fromCodePoint(cp: number): string {
  if (!Number.isFinite(cp) || cp === 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return '\ufffd';
  const mapped = WINDOWS_1252[cp];
  return String.fromCodePoint(mapped ?? cp);
}
