/**
 * What the server knows about a visitor without asking them (decision 041):
 * whether they are a crawler or a link-preview fetcher (from User-Agent), the
 * site (desktop web 0, phone or tablet 1) and their country: the account's
 * country when signed in, else the configured geo header of a proxy in front
 * (e.g. CF-IPCountry), else the region of their first Accept-Language.
 */
import { IMPRINT_COUNTRIES } from '@pinboard/shared/constants/entry';
import { clientKindOf, isMobileUserAgent, type ClientKind } from '@pinboard/shared/constants/entryChannels';
import type { FastifyRequest } from 'fastify';

type CountrySource = 'account' | 'geo_header' | 'accept_language' | 'none';

export interface VisitorTraits {
  client: ClientKind;
  site: 0 | 1;
  country: string | null;
  countrySource: CountrySource;
}

const COUNTRY = /^[A-Za-z]{2}$/;

function header(req: FastifyRequest, name: string): string {
  const value = req.headers[name.toLowerCase()];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/** The region of the first language of an Accept-Language header ('de-AT,de;q=0.9' → 'AT'), or null. */
function acceptLanguageRegion(value: string): string | null {
  const first = value.slice(0, 256).split(',')[0]!.split(';')[0]!.trim();
  const parts = first.split(/[-_]/);
  for (const part of parts.slice(1)) if (COUNTRY.test(part)) return part.toUpperCase();
  return null;
}

export function visitorTraits(req: FastifyRequest, opts: { accountCountry: string | null; geoHeader: string | null }): VisitorTraits {
  const ua = header(req, 'user-agent');
  const site = isMobileUserAgent(ua) ? 1 : 0;
  const client = clientKindOf(ua);
  if (opts.accountCountry && COUNTRY.test(opts.accountCountry)) return { client, site, country: opts.accountCountry.toUpperCase(), countrySource: 'account' };
  const geo = opts.geoHeader ? header(req, opts.geoHeader).trim() : '';
  if (COUNTRY.test(geo) && geo.toUpperCase() !== 'XX') return { client, site, country: geo.toUpperCase(), countrySource: 'geo_header' };
  const region = acceptLanguageRegion(header(req, 'accept-language'));
  if (region) return { client, site, country: region, countrySource: 'accept_language' };
  return { client, site, country: null, countrySource: 'none' };
}

/** The Viewer's fields that come from the visitor (docs/product/logged-out-and-business.md §3: isBot, isSocialBot, country). */
export function viewerTraits(t: VisitorTraits, imprintUrl: string) {
  return {
    isBot: t.client !== 'human',
    isSocialBot: t.client === 'social_bot',
    country: t.country,
    country_source: t.countrySource,
    show_imprint: t.country !== null && IMPRINT_COUNTRIES.includes(t.country),
    imprint_url: imprintUrl,
  };
}
