import { getLocale } from './i18n';

type AgeUnit = 'year' | 'week' | 'day' | 'hour' | 'minute';

const UNITS: readonly [number, AgeUnit][] = [
  [365 * 24 * 3600, 'year'],
  [7 * 24 * 3600, 'week'],
  [24 * 3600, 'day'],
  [3600, 'hour'],
  [60, 'minute'],
];

/** Locales whose narrow units are not their own short forms (ja's narrow is "5m"): these use the short ones ("5 分"). */
const SHORT_UNITS = new Set(['ja']);

const formats = new Map<string, Intl.NumberFormat>();

/**
 * A whole number of a unit as the locale writes it in its shortest form:
 * '5m', '3h', '2d', '6w', '1y' in en-US (the spec's), '5 Min.' in de,
 * '5 分' in ja (Intl.NumberFormat, narrow or short units).
 */
export function shortUnit(value: number, unit: AgeUnit, locale: string = getLocale()): string {
  const key = `${locale}:${unit}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: SHORT_UNITS.has(locale) ? 'short' : 'narrow' });
    formats.set(key, format);
  }
  return format.format(value);
}

/** 'now' (en-US) in the locale's words: Intl.RelativeTimeFormat's "this second". */
export function justNow(locale: string = getLocale()): string {
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'narrow' }).format(0, 'second');
}

/** The largest whole unit of an age in seconds, or null under a minute. */
export function ageParts(seconds: number): { value: number; unit: AgeUnit } | null {
  for (const [size, unit] of UNITS) {
    if (seconds >= size) return { value: Math.floor(seconds / size), unit };
  }
  return null;
}

/** Short age such as '5m', '3h', '2d', '6w', '1y' ('now' under a minute), in the active locale's short forms. */
export function relativeAge(iso: string, now: number = Date.now(), locale: string = getLocale()): string {
  const then = Date.parse(iso);
  if (!Number.isFinite(then)) return '';
  const seconds = Math.max(0, Math.floor((now - then) / 1000));
  const age = ageParts(seconds);
  return age ? shortUnit(age.value, age.unit, locale) : justNow(locale);
}
