import { readFileSync } from 'node:fs';
import { TAKEDOWN_CONFIG, TAKEDOWN_FORMS } from '@pinboard/shared/constants/takedowns';
import { describe, expect, it } from 'vitest';

/** A catalogue's source (an import would give the compiled messages). */
const source = (locale: string) =>
  JSON.parse(readFileSync(new URL(`../../../../../packages/shared/src/locales/${locale}/moreTexts.json`, import.meta.url), 'utf8')) as Record<string, string>;

describe("takedown forms' complaints offices", () => {
  it('en-US names each office in the law configuration’s words; other locales translate them', () => {
    const english = source('en-US');
    const german = source('de');
    for (const form of TAKEDOWN_FORMS) {
      expect(english[`takedown.office.${form}`]).toBe(TAKEDOWN_CONFIG[form].COMPLAINTS_OFFICE);
      expect(german[`takedown.office.${form}`]).not.toBe(TAKEDOWN_CONFIG[form].COMPLAINTS_OFFICE);
    }
  });
});
