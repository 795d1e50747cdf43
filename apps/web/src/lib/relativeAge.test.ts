import { describe, expect, it } from 'vitest';
import { relativeAge } from './relativeAge';

describe('relativeAge', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');

  it('uses the largest whole unit', () => {
    expect(relativeAge('2026-03-01T11:59:30Z', now)).toBe('now');
    expect(relativeAge('2026-03-01T11:55:00Z', now)).toBe('5m');
    expect(relativeAge('2026-03-01T09:00:00Z', now)).toBe('3h');
    expect(relativeAge('2026-02-27T12:00:00Z', now)).toBe('2d');
    expect(relativeAge('2026-01-18T12:00:00Z', now)).toBe('6w');
    expect(relativeAge('2024-12-01T12:00:00Z', now)).toBe('1y');
  });

  it("speaks the locale's short forms", () => {
    expect(relativeAge('2026-03-01T11:59:30Z', now, 'es')).toBe('ahora');
    expect(relativeAge('2026-03-01T11:55:00Z', now, 'ja')).toMatch(/^5\s?分$/);
    expect(relativeAge('2026-02-27T12:00:00Z', now, 'pt-BR')).toMatch(/^2\sdias$/);
    expect(relativeAge('2024-12-01T12:00:00Z', now, 'de')).toMatch(/^1\sJ$/);
  });

  it('treats future and unreadable dates calmly', () => {
    expect(relativeAge('2026-03-02T12:00:00Z', now)).toBe('now');
    expect(relativeAge('not a date', now)).toBe('');
  });
});
