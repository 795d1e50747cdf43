/**
 * Turns what a person typed into a tsquery text that is safe to hand to
 * to_tsquery: only runs of letters, digits and combining marks survive
 * (everything else, quotes and tsquery operators included, separates words),
 * each word becomes a quoted term (the last one a prefix) and the terms are ANDed.
 */

/** A search box holds at most 100 characters, so this only bounds odd input. */
const MAX_SEARCH_WORDS = 32;

const SEPARATORS = /[^\p{L}\p{N}\p{M}]+/u;
const SAFE_WORD = /^[\p{L}\p{N}\p{M}]+$/u;

/** The distinct words of an input, in order. */
export function searchWords(input: string): string[] {
  const words = input
    .normalize('NFC')
    .split(SEPARATORS)
    .filter((w) => w.length > 0 && SAFE_WORD.test(w));
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}

/**
 * What was typed, for every search and the typeahead: `'lemon' & 'ta':*A`, or null when there is no word to
 * look for. The words before the last are whole words and only the last, which may be unfinished, is a prefix.
 * A common word as a prefix makes the word index collect every Pin it starts (its partial match reads whole
 * posting lists): "bench pin 12345" took 220 ms at 1,000,000 Pins when the newest Pins held no match, against
 * 7 ms this way (decision 108). `weights` (e.g. 'A') limits the terms to lexemes of those weights: the title,
 * board name or username/full name parts of the search vectors.
 */
export function searchTsquery(input: string, weights: '' | 'A' = ''): string | null {
  const words = searchWords(input);
  if (words.length === 0) return null;
  // A word holds no quote, backslash or operator, so quoting it is enough.
  const last = words.length - 1;
  return words.map((w, i) => (i === last ? `'${w}':*${weights}` : weights ? `'${w}':${weights}` : `'${w}'`)).join(' & ');
}

/**
 * The term as compared for "starts with": without control, format and
 * surrogate characters (a NUL would not even reach the database), trimmed,
 * inner white space collapsed.
 */
export function normalizeTerm(term: string) {
  return term
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .replace(/\p{C}+/gu, '')
    .trim();
}

/** Kana and kanji: Japanese text, which has no spaces between words and is matched by substring (decision 084). */
const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff]/u;

/** A LIKE pattern finding the term anywhere, for Japanese terms; null for others. */
export function japaneseLikePattern(term: string): string | null {
  const t = normalizeTerm(term);
  if (!JAPANESE.test(t)) return null;
  return `%${t.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
