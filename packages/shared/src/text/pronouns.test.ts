import { describe, expect, it } from 'vitest';
import { SLASH_PRONOUN_LOCALES, joinPronouns, usesSlashForPronouns } from './pronouns';

describe('joinPronouns', () => {
  it.each([...SLASH_PRONOUN_LOCALES])('joins with a slash in %s', (locale) => {
    expect(joinPronouns(['she', 'her'], locale)).toBe('she/her');
  });

  it.each(['ja', 'en', 'en-AU', 'de-AT', 'es', 'pt-PT', 'nl', ''])('joins with a comma in %j', (locale) => {
    expect(joinPronouns(['they', 'them'], locale)).toBe('they, them');
  });

  it('reads locale tags case-insensitively and with underscores', () => {
    expect(joinPronouns(['he', 'him'], 'EN_us')).toBe('he/him');
    expect(usesSlashForPronouns('pt_br')).toBe(true);
  });

  it('handles empty, single and blank entries', () => {
    expect(joinPronouns([], 'en-US')).toBe('');
    expect(joinPronouns(['xe'], 'en-US')).toBe('xe');
    expect(joinPronouns([' she ', '', 'they '], 'en-US')).toBe('she/they');
  });
});
