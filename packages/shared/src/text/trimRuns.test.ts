import { describe, expect, it } from 'vitest';
import { trimLeading, trimRuns, trimTrailing } from './trimRuns';

describe('trimRuns', () => {
  it.each([
    ['--a-b--', 'a-b'],
    ['a', 'a'],
    ['----', ''],
    ['', ''],
    ['-a', 'a'],
  ])('%j → %j', (text, expected) => {
    expect(trimRuns(text, '-')).toBe(expected);
  });

  it('trims one end only when asked', () => {
    expect(trimTrailing('//a//', '/')).toBe('//a');
    expect(trimLeading('//a//', '/')).toBe('a//');
  });

  it('reads a two-million-character run that is not at the end in one pass', () => {
    // Quadratic trimming of this input would take hours; the linear one takes milliseconds.
    const text = `${'-'.repeat(2_000_000)}x`;
    expect(trimTrailing(text, '-')).toBe(text);
  });
});
