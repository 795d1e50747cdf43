import { describe, expect, it } from 'vitest';
import { COUNTRIES, COUNTRY_CODES, countryName, isCountryCode } from './countries';
import { EU_MEMBER_STATES } from './euMemberStates';

describe('countries', () => {
  it('lists each ISO 3166-1 alpha-2 code once, sorted, with a name', () => {
    expect(COUNTRIES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(COUNTRY_CODES.length);
    expect([...COUNTRY_CODES].sort()).toEqual(COUNTRY_CODES);
    expect(COUNTRIES.every((c) => /^[A-Z]{2}$/.test(c.code) && c.name.length > 1)).toBe(true);
  });

  it('holds every EU member state and India, but not the EU itself', () => {
    for (const code of [...EU_MEMBER_STATES, 'IN']) {
      expect(isCountryCode(code)).toBe(true);
    }
    expect(isCountryCode('EU')).toBe(false);
    expect(isCountryCode('de')).toBe(false);
  });

  it('names a code', () => {
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('in')).toBe('India');
    expect(countryName('XX')).toBe('XX');
  });
});
