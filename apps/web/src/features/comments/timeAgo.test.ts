import { describe, expect, it } from 'vitest';
import { timeAgo } from './timeAgo';

describe('timeAgo', () => {
  const now = Date.parse('2026-03-20T12:00:00Z');
  it('counts minutes, hours, days and weeks, then names the date', () => {
    expect(timeAgo('2026-03-20T11:59:30Z', now)).toBe('now');
    expect(timeAgo('2026-03-20T11:55:00Z', now)).toBe('5m');
    expect(timeAgo('2026-03-20T09:00:00Z', now)).toBe('3h');
    expect(timeAgo('2026-03-18T12:00:00Z', now)).toBe('2d');
    expect(timeAgo('2026-02-27T12:00:00Z', now)).toBe('3w');
    expect(timeAgo('2025-03-12T12:00:00Z', now)).toBe('12 Mar 2025');
  });
  it("uses the locale's short forms in other languages", () => {
    expect(timeAgo('2026-03-20T11:59:30Z', now, 'de')).toBe('jetzt');
    expect(timeAgo('2026-03-20T11:55:00Z', now, 'de')).toBe('5 Min.');
    expect(timeAgo('2026-03-20T09:00:00Z', now, 'ja')).toMatch(/^3\s?時間$/);
    expect(timeAgo('2026-03-20T11:59:30Z', now, 'ja')).toBe('今');
    expect(timeAgo('2026-03-18T12:00:00Z', now, 'fr')).toBe('2j');
  });
  it('treats a time a little ahead of the clock as now', () => {
    expect(timeAgo('2026-03-20T12:00:05Z', now)).toBe('now');
  });
});
