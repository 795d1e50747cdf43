/**
 * The law scope of each takedown form: the countries whose reporters use it
 * (docs/product/logged-out-and-business.md §6). Apart from the forms' whole
 * configuration (takedowns.ts), so that a profile's first paint, which only
 * asks which form a visitor's country has, does not carry the rest.
 */
import { EU_MEMBER_STATES } from './euMemberStates';
import { TAKEDOWN_FORMS, type TakedownForm } from './takedownForms';

/** The dsa form's law scope: the EU member states, and the EU itself as a region a reporter may name. */
export const EU_TAKEDOWN_COUNTRY_CODES = [...EU_MEMBER_STATES, 'EU'] as const;

export const TAKEDOWN_COUNTRY_CODES: Readonly<Record<TakedownForm, readonly string[]>> = {
  test: ['US'],
  turkey: ['TR'],
  dsa: EU_TAKEDOWN_COUNTRY_CODES,
  india: ['IN'],
};

/** The form a reporter in this country uses, if any (the first form whose law scope holds it). */
export function takedownFormFor(country: string | null | undefined): TakedownForm | null {
  const code = (country ?? '').toUpperCase();
  return TAKEDOWN_FORMS.find((f) => TAKEDOWN_COUNTRY_CODES[f].includes(code)) ?? null;
}
