import type { ExportedImage } from './types';

/** Text as the export wrote it, made comparable: line ends unified, NFC, trimmed; an exact `No data` (or nothing) is empty. */
export function cleanText(raw: string | null | undefined): string | null {
  if (raw == null) return null;
  const text = raw.replace(/\r\n?/g, '\n').normalize('NFC').trim();
  return text === '' || text === 'No data' ? null : text;
}

/** Yes/True/1 and No/False/0, any case; anything else (No data included) is `fallback`. */
export function readBoolean(raw: string | null, fallback: boolean): boolean {
  const value = raw?.trim().toLowerCase();
  if (value === 'yes' || value === 'true' || value === '1') return true;
  if (value === 'no' || value === 'false' || value === '0') return false;
  return fallback;
}

const PLAIN_TIME = /^(\d{4})[/-](\d{2})[/-](\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** "YYYY/MM/DD HH:MM:SS" (or with dashes) without zone is UTC; a time with its zone is taken as written. */
export function readTime(raw: string | null): Date | null {
  if (raw == null) return null;
  const text = raw.trim();
  const m = PLAIN_TIME.exec(text);
  if (m) {
    const [year, month, day, hour, minute, second] = m.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
    const roundTrips =
      date.getUTCFullYear() === year &&
      date.getUTCMonth() === month - 1 &&
      date.getUTCDate() === day &&
      date.getUTCHours() === hour &&
      date.getUTCMinutes() === minute &&
      date.getUTCSeconds() === second;
    return roundTrips ? date : null;
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(text)) {
    const date = new Date(text);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return null;
}

const PIN_URL = /^https?:\/\/(?:[a-z0-9-]+\.)*pinterest\.[a-z]{2,3}(?:\.[a-z]{2})?\/pin\/(?:[^/?#]*--)?(\d{1,30})\/?(?:[?#].*)?$/i;

/** The digits of a Pin id in a Pin URL of any Pinterest host, or null (a pin.it short link carries no id). */
export function pinIdFromUrl(url: string): string | null {
  const m = PIN_URL.exec(url.trim());
  return m ? m[1]!.replace(/^0+(?=\d)/, '') : null;
}

/** Whether an address is one of Pinterest's Pin links (pin.it short links included), id or not. */
export function looksLikePinUrl(url: string): boolean {
  return PIN_URL.test(url.trim()) || /^https?:\/\/pin\.it\//i.test(url.trim());
}

export function canonicalPinUrl(id: string): string {
  return `https://www.pinterest.com/pin/${id}/`;
}

const HASH = /^[0-9a-f]{32}$/i;

/** The export's `Image`: a 32-hex signature, or nothing. */
export function hashImage(raw: string | null): ExportedImage | null {
  const value = raw?.trim();
  return value && HASH.test(value) ? { kind: 'pinterest_hash', hash: value.toLowerCase() } : null;
}

/** Every 32-hex signature in `Story Pin Media`, in order, however the list is written (commas, spaces, brackets, quotes). */
export function storyImages(raw: string | null): ExportedImage[] {
  if (raw == null) return [];
  const hashes = raw.match(/(?<![0-9a-f])[0-9a-f]{32}(?![0-9a-f])/gi) ?? [];
  return hashes.map((hash) => ({ kind: 'pinterest_hash', hash: hash.toLowerCase() }));
}

/** An absolute http(s) address, or null. */
export function httpUrl(raw: string | null): string | null {
  if (raw == null) return null;
  const value = raw.trim();
  if (!/^https?:\/\//i.test(value)) return null;
  try {
    return new URL(value).href === '' ? null : value;
  } catch {
    return null;
  }
}

/** A legacy CSV's image cell: a signature or an absolute image address. */
export function csvImage(raw: string | null): ExportedImage | null {
  const hash = hashImage(raw);
  if (hash) return hash;
  const url = httpUrl(raw);
  return url ? { kind: 'url', url } : null;
}
