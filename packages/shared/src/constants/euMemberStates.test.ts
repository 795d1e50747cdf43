import { describe, expect, it } from 'vitest';
import { AD_COUNTRIES, currenciesOf } from './ads';
import { EU_MEMBER_STATES, isEuMemberState } from './euMemberStates';
import { EU_TAKEDOWN_COUNTRY_CODES, TAKEDOWN_CONFIG } from './takedowns';

describe('the EU member states', () => {
  it('are the 27, each once, Greece as GR', () => {
    expect(EU_MEMBER_STATES).toHaveLength(27);
    expect(new Set(EU_MEMBER_STATES).size).toBe(27);
    expect([...EU_MEMBER_STATES].sort().join(' ')).toBe('AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK');
  });

  it('tell a member state in any case, and nothing else', () => {
    expect(isEuMemberState('DE')).toBe(true);
    expect(isEuMemberState('hr')).toBe(true);
    for (const code of ['EU', 'GB', 'CH', 'NO', 'IS', 'LI', 'EL', '', null, undefined]) expect(isEuMemberState(code)).toBe(false);
  });

  it('are what the rules built on them start from', () => {
    // The dsa form: the member states, and the EU itself.
    expect(EU_TAKEDOWN_COUNTRY_CODES).toEqual([...EU_MEMBER_STATES, 'EU']);
    expect(TAKEDOWN_CONFIG.dsa.COUNTRY_CODES).toBe(EU_TAKEDOWN_COUNTRY_CODES);
    // Quick promote's GDPR notice: the ad countries in the EU (15 of them).
    expect(AD_COUNTRIES.filter(isEuMemberState).sort().join(' ')).toBe('AT BE CZ DE DK ES FI FR GR IE IT LU NL PT SE');
    // The euro countries of ads are member states.
    for (const code of AD_COUNTRIES.filter((c) => currenciesOf(c)[0] === 'EUR')) expect(isEuMemberState(code)).toBe(true);
  });
});
