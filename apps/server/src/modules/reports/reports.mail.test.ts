/**
 * A statement of reasons names the takedown form's complaints office in its
 * recipient's language; en-US keeps the law configuration's own words.
 */
import { TAKEDOWN_CONFIG, TAKEDOWN_FORMS } from '@pinboard/shared/constants/takedowns';
import { describe, expect, it } from 'vitest';
import { serverT } from '../../lib/i18n';
import { statementLines, type StatementFacts } from './reports.mail';

const facts = (locale: string | null, takedownForm: string | null): StatementFacts => ({
  decision: 'remove',
  subject: { kind: 'report' },
  laws: ['DMCA'],
  statement: 'The reporter holds the copyright.',
  takedownForm,
  role: 'affected',
  publicUrl: 'https://pins.example',
  isCounterNotice: false,
  locale,
});

describe('the complaints office in a statement of reasons', () => {
  it("is the law configuration's office in en-US, for every form", () => {
    for (const form of TAKEDOWN_FORMS) {
      expect(serverT('en-US', `takedown.office.${form}`)).toBe(TAKEDOWN_CONFIG[form].COMPLAINTS_OFFICE);
      expect(statementLines(facts(null, form)).join('\n')).toContain(TAKEDOWN_CONFIG[form].COMPLAINTS_OFFICE);
    }
  });

  it("is named in the recipient's language, and left out for a report that came through no form", () => {
    const german = statementLines(facts('de', 'dsa')).join('\n');
    expect(german).toContain('Internes Beschwerdemanagementsystem der EU (Gesetz über digitale Dienste, Artikel 20)');
    expect(german).not.toContain('complaint-handling');
    expect(statementLines(facts('ja', 'india')).join('\n')).toContain('インド担当苦情処理責任者');
    const noForm = statementLines(facts('en-US', null)).join('\n');
    for (const form of TAKEDOWN_FORMS) expect(noForm).not.toContain(TAKEDOWN_CONFIG[form].COMPLAINTS_OFFICE);
  });
});
