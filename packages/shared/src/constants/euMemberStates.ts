/**
 * The 27 member states of the European Union, as ISO 3166-1 alpha-2 codes
 * (Greece is GR, not the EU's own EL), in the order of their English names, as
 * the dsa takedown row of docs/product/logged-out-and-business.md §6 lists them. The one list: every EU-based rule
 * derives from it, adding its own extras by name (the dsa takedown form adds
 * 'EU' itself, takedowns.ts) or picking its part (the euro countries ads
 * support, ads.ts). Apart from countries.ts, so that a page needing only
 * these 27 does not load every country's name.
 */
import type { CountryCode } from './countries';

export const EU_MEMBER_STATES = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
] as const satisfies readonly CountryCode[];
export type EuMemberState = (typeof EU_MEMBER_STATES)[number];

const MEMBERS: ReadonlySet<string> = new Set(EU_MEMBER_STATES);

/** Whether a country code (any case) names an EU member state; 'EU' itself is not one. */
export function isEuMemberState(code: string | null | undefined): boolean {
  return MEMBERS.has((code ?? '').toUpperCase());
}
