/**
 * The language of a page's first HTML (decision 042): `<html lang dir>` and
 * one `<link rel="alternate" hreflang>` per supported locale plus x-default.
 *
 * The locale is the account's (signed in), else the one the address names
 * with `?locale=` (signed out), else the request's Accept-Language, else
 * en-US. The web app starts in the locale `<html lang>` names, so its first
 * render is already in that language. An alternate names its locale the same
 * way: `<page>?locale=de`; x-default is the page with no locale.
 */
import { chooseLocale, LOCALE_QUERY_PARAM, parseAcceptLanguage, SUPPORTED_LOCALES, textDirection, type Locale } from '@pinboard/shared/constants/locales';

export interface LocaleRequest {
  /** The signed-in account's locale, if any. */
  accountLocale?: string | null | undefined;
  /** The request target (path and query). */
  url: string;
  acceptLanguage?: string | string[] | undefined;
}

function queryLocale(url: string): string | null {
  const at = url.indexOf('?');
  if (at < 0) return null;
  const query = url.slice(at + 1).split('#')[0] ?? '';
  try {
    return new URLSearchParams(query).get(LOCALE_QUERY_PARAM);
  } catch {
    return null;
  }
}

export function pageLocale({ accountLocale, url, acceptLanguage }: LocaleRequest): Locale {
  return chooseLocale({ account: accountLocale, query: accountLocale ? null : queryLocale(url), browser: parseAcceptLanguage(acceptLanguage) });
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The `<html …>` start tag of a page in `locale`, keeping the template's other attributes. */
function htmlStartTag(template: string, locale: string): string {
  const attributes = template
    .replace(/^<html/i, '')
    .replace(/>$/, '')
    .replace(/\s(?:lang|dir)="[^"]*"/gi, '');
  return `<html lang="${locale}" dir="${textDirection(locale)}"${attributes}>`;
}

/** Sets `<html lang dir>` in a page's HTML (its first `<html …>` tag). */
export function withLocale(html: string, locale: string): string {
  return html.replace(/<html\b[^>]*>/i, (tag) => htmlStartTag(tag, locale));
}

/** The hreflang alternates of the page at `url` (its path; other query values are left out). */
export function renderAlternates(publicUrl: string, url: string): string {
  const path = url.split(/[?#]/)[0] || '/';
  const href = (locale: string | null) => esc(publicUrl + path + (locale ? `?${LOCALE_QUERY_PARAM}=${encodeURIComponent(locale)}` : ''));
  return [
    ...SUPPORTED_LOCALES.map((locale) => `<link rel="alternate" hreflang="${locale}" href="${href(locale)}">`),
    `<link rel="alternate" hreflang="x-default" href="${href(null)}">`,
  ].join('\n    ');
}
