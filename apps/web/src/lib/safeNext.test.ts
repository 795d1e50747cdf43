import { describe, expect, it } from 'vitest';
import { safeNext } from './safeNext';

describe('safeNext', () => {
  it('keeps a path on this site, with its query', () => {
    expect(safeNext('/olive/kitchen/?accept_invite=abc&seamless=true')).toBe('/olive/kitchen/?accept_invite=abc&seamless=true');
  });

  it('sends everything else home: nothing, other origins, protocol-relative and backslash tricks', () => {
    for (const next of [null, '', 'https://evil.example/', '//evil.example/', '/\\evil.example/', 'javascript:alert(1)']) {
      expect(safeNext(next)).toBe('/');
    }
  });
});
