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
      fc.property(
        fc.string({ unit: 'binary' }).filter((s) => !s.includes('\u0000')),
        (s) => {
          expect(parseInput(schema, { name: s, tags: [s] })).toEqual({ name: s, tags: [s] });
        },
      ),
    );
  });

  it('still reports schema issues first', () => {
    expect(fieldOf(() => parseInput(schema, { name: 5, tags: ['\u0000'] }))).toBe('name');
  });
});

describe('parseInput keys every 400 (decision 042)', () => {
  const caught = (fn: () => unknown) => {
    try {
      fn();
    } catch (err) {
      expect(err).toBeInstanceOf(ValidationError);
      const e = err as ValidationError;
      return { message: e.message, key: e.messageKey, args: e.messageArgs };
    }
    throw new Error('no refusal');
  };

  it('gives zod’s issues our own texts, with the field and the bound', () => {
    const schema = z.strictObject({ title: z.string().max(5), tags: z.array(z.string()).min(2), size: z.number().max(9), kind: z.enum(['a', 'b']) });
    const base = { title: 'ok', tags: ['x', 'y'], size: 1, kind: 'a' };
    expect(caught(() => parseInput(schema, { ...base, title: 'x'.repeat(6) }))).toEqual({
      message: 'title: at most 5 characters.',
      key: 'validation.tooLong',
      args: { field: 'title', max: 5 },
    });
    expect(caught(() => parseInput(schema, { ...base, tags: ['x'] }))).toEqual({
      message: 'tags: at least 2 items.',
      key: 'validation.tooFewItems',
      args: { field: 'tags', min: 2 },
    });
    expect(caught(() => parseInput(schema, { ...base, size: 10 }))).toMatchObject({ key: 'validation.tooBig', args: { field: 'size', max: 9 } });
    expect(caught(() => parseInput(schema, { ...base, kind: 'c' }))).toMatchObject({ key: 'validation.notAccepted', args: { field: 'kind' } });
    expect(caught(() => parseInput(schema, { title: 'x', tags: ['x', 'y'], kind: 'a' }))).toMatchObject({
      message: 'size: this is required.',
      key: 'validation.required',
    });
    expect(caught(() => parseInput(schema, { ...base, extra: 1 }))).toMatchObject({
      message: 'extra: unknown option.',
      key: 'validation.unknownOption',
      args: { field: 'extra' },
    });
    expect(caught(() => parseInput(schema, { ...base, title: 'a\u0000' }))).toMatchObject({
      message: 'title: text cannot contain NUL characters.',
      key: 'validation.nul',
    });
  });

  it('keys a schema’s own text with a value built in, that value as written', () => {
    const schema = z
      .strictObject({ topics: z.array(z.string()).max(3, 'Give at most 3 topics.'), emails: z.array(z.string()).optional() })
      .superRefine((o, ctx) => {
        if (o.emails?.[0] === 'nope') ctx.addIssue({ code: 'custom', path: ['emails', 0], message: 'emails: nope is not a valid email address.' });
      });
    expect(caught(() => parseInput(schema, { topics: ['a', 'b', 'c', 'd'] }))).toEqual({
      message: 'Give at most 3 topics.',
      key: 'topics.atMost',
      args: { max: '3' },
    });
    expect(caught(() => parseInput(schema, { topics: [], emails: ['nope'] }))).toEqual({
      message: 'emails: nope is not a valid email address.',
      key: 'boardInvites.invalidEmail',
      args: { email: 'nope' },
    });
  });
});
