import { describe, expect, it } from 'vitest';
import { isAppPath } from './appPaths';
import { TAKEDOWN_CONFIG, TAKEDOWN_FORMS, takedownFormFor } from './takedowns';

describe('the takedown law configuration', () => {
  it('holds the spec table: scopes, regions, anonymity, trusted flaggers, one law per report', () => {
    expect(TAKEDOWN_FORMS).toEqual(['test', 'turkey', 'dsa', 'india']);
    const row = (f: (typeof TAKEDOWN_FORMS)[number]) => TAKEDOWN_CONFIG[f];
    expect(row('test')).toMatchObject({
      DECIDER_KEY: 'US',
      COUNTRY_CODES: ['US'],
      ALLOW_ANON_SUBMISSION: false,
      TRUSTED_FLAGGER: false,
      RESTRICT_MULTIPLE_LAWS: false,
    });
    expect(row('turkey')).toMatchObject({
      DECIDER_KEY: 'TR',
      COUNTRY_CODES: ['TR'],
      ALLOW_ANON_SUBMISSION: false,
      TRUSTED_FLAGGER: false,
      RESTRICT_MULTIPLE_LAWS: true,
    });
    expect(row('dsa')).toMatchObject({ DECIDER_KEY: 'EU', ALLOW_ANON_SUBMISSION: true, TRUSTED_FLAGGER: true, RESTRICT_MULTIPLE_LAWS: true });
    expect(row('india')).toMatchObject({
      DECIDER_KEY: 'IN',
      COUNTRY_CODES: ['IN'],
      ALLOW_ANON_SUBMISSION: true,
      TRUSTED_FLAGGER: false,
      RESTRICT_MULTIPLE_LAWS: true,
    });
    expect(row('dsa').COUNTRY_CODES.join(' ')).toBe('AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE EU');
    for (const f of TAKEDOWN_FORMS) {
      expect(row(f).LAW).toEqual(['DMCA', 'Trademark', 'GDPR']);
      expect(row(f).API).toBe(`/v3/legal/takedowns/${f}/`);
    }
  });

  it('picks the form for a country and serves each form as a page', () => {
    expect(takedownFormFor('de')).toBe('dsa');
    expect(takedownFormFor('EU')).toBe('dsa');
    expect(takedownFormFor('IN')).toBe('india');
    expect(takedownFormFor('TR')).toBe('turkey');
    expect(takedownFormFor('US')).toBe('test');
    expect(takedownFormFor('BR')).toBeNull();
    for (const f of TAKEDOWN_FORMS) expect(isAppPath(['report', f])).toBe(true);
    expect(isAppPath(['report', 'mars'])).toBe(false);
    expect(isAppPath(['reports-and-violations', 'queue'])).toBe(true);
  });
});
