import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseInput, ValidationError } from './validation';

const fieldOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ValidationError);
    return (err as ValidationError).field;
  }
  return null;
};

describe('parseInput', () => {
  const schema = z.strictObject({
    name: z.string().optional(),
    tags: z.array(z.string()).optional(),
    layers: z.array(z.strictObject({ label: z.string() })).optional(),
    extra: z.record(z.string(), z.string()).optional(),
  });

  it('refuses text holding NUL, naming where it is', () => {
    expect(fieldOf(() => parseInput(schema, { name: 'a\u0000b' }))).toBe('name');
    expect(fieldOf(() => parseInput(schema, { tags: ['ok', '\u0000'] }))).toBe('tags.1');
    expect(fieldOf(() => parseInput(schema, { layers: [{ label: 'x\u0000' }] }))).toBe('layers.0.label');
    expect(fieldOf(() => parseInput(schema, { extra: { 'k\u0000': 'v' } }))).toBe('extra.k\\0');
    expect(fieldOf(() => parseInput(z.string(), '\u0000', 'code'))).toBe('code');
    expect(() => parseInput(schema, { name: 'a\u0000b' })).toThrow('name: text cannot contain NUL characters.');
  });

  it('passes any other text through unchanged', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }).filter((s) => !s.includes('\u0000')), (s) => {
        expect(parseInput(schema, { name: s, tags: [s] })).toEqual({ name: s, tags: [s] });
      }),
    );
  });

  it('still reports schema issues first', () => {
    expect(fieldOf(() => parseInput(schema, { name: 5, tags: ['\u0000'] }))).toBe('name');
  });
});
