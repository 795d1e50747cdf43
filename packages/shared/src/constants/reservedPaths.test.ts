import { describe, expect, it } from 'vitest';
import { RESERVED_PATHS, SPEC_RESERVED_PATHS, TECHNICAL_RESERVED_PATHS, isProfilePath, isReservedPath } from './reservedPaths';

describe('reserved path lists', () => {
  it('keeps the spec list complete and free of duplicates', () => {
    expect(SPEC_RESERVED_PATHS).toHaveLength(59);
    expect(new Set(SPEC_RESERVED_PATHS).size).toBe(SPEC_RESERVED_PATHS.length);
    expect(SPEC_RESERVED_PATHS[0]).toBe('about');
    expect(SPEC_RESERVED_PATHS[SPEC_RESERVED_PATHS.length - 1]).toBe('your-shop');
  });

  it('merges the spec list with our technical names', () => {
    expect(RESERVED_PATHS.size).toBe(SPEC_RESERVED_PATHS.length + TECHNICAL_RESERVED_PATHS.length);
    for (const name of RESERVED_PATHS) expect(name).toBe(name.toLowerCase());
  });
});

describe('isReservedPath', () => {
  it.each([...RESERVED_PATHS])('reserves %s', (name) => {
    expect(isReservedPath(name)).toBe(true);
    expect(isReservedPath(name.toUpperCase())).toBe(true);
  });

  it.each(['jane', 'john_doe', 'aboutme', 'pins', 'boards', 'abouts', 'ideas-and-more', 'Jane.Doe'])('does not reserve the username %s', (name) => {
    expect(isReservedPath(name)).toBe(false);
  });

  it('is case-insensitive and ignores surrounding slashes', () => {
    expect(isReservedPath('About')).toBe(true);
    expect(isReservedPath('/settings/')).toBe(true);
    expect(isReservedPath('Favicon.ICO')).toBe(true);
  });

  it('strips only the outer slashes, in one pass over long runs of them', () => {
    expect(isReservedPath('///about///')).toBe(true);
    expect(isReservedPath('a/about')).toBe(false);
    expect(isReservedPath('///')).toBe(false);
    // The old /^\/+|\/+$/ would take hours on this input; the lint rule
    // regexp/no-super-linear-move refuses such patterns now.
    const inner = `a${'/'.repeat(2_000_000)}b`;
    expect(isReservedPath(inner)).toBe(false);
  });

  it('does not reserve the empty segment', () => {
    expect(isReservedPath('')).toBe(false);
  });
});

describe('isProfilePath', () => {
  it('accepts a username as first segment', () => {
    expect(isProfilePath('/jane/')).toBe(true);
    expect(isProfilePath('/jane')).toBe(true);
    expect(isProfilePath('/jane/_boards')).toBe(true);
    expect(isProfilePath('/jane/recipes/')).toBe(true);
    expect(isProfilePath('/jane/?invite_code=abc')).toBe(true);
  });

  it('rejects reserved first segments', () => {
    expect(isProfilePath('/about/')).toBe(false);
    expect(isProfilePath('/pin/123/')).toBe(false);
    expect(isProfilePath('/Ideas/art/')).toBe(false);
    expect(isProfilePath('/api/openapi.json')).toBe(false);
    expect(isProfilePath('/favicon.ico')).toBe(false);
  });

  it('rejects paths without a first segment', () => {
    expect(isProfilePath('/')).toBe(false);
    expect(isProfilePath('')).toBe(false);
    expect(isProfilePath('/?show_error=true')).toBe(false);
  });
});
