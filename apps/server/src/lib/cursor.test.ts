import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, pageOf, type CursorPart } from './cursor';
import { ID_MAX } from '@pinboard/shared/schemas/ids';
import { isId } from './ids';
import { ValidationError } from './validation';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Every shape of cursor the lists use. */
const SHAPES: readonly (readonly CursorPart[])[] = [
  ['id'],
  ['id', 'id'],
  ['timestamp', 'id'],
  ['int', 'id', 'id'],
  ['text', 'id'],
  [['o', 'n'], 'id'],
  [/^\d{1,6}(\.\d{1,12})?$/, 'id'],
];

/** Decodes, and tells what happened: the cursor, or that it was refused as a bookmark. */
function attempt(bookmark: string, parts: readonly CursorPart[]) {
  try {
    return { ok: true as const, cursor: decodeCursor(bookmark, parts) };
  } catch (err) {
    // Any other exception would be a 500.
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).field).toBe('bookmark');
    expect((err as ValidationError).httpStatus).toBe(400);
    return { ok: false as const };
  }
}

/** What a decoded cursor promises its list: values that the database takes as they are. */
function assertSafe(cursor: readonly (string | number)[], parts: readonly CursorPart[]) {
  expect(cursor).toHaveLength(parts.length);
  parts.forEach((part, i) => {
    const v = cursor[i];
    if (part === 'id') {
      expect(isId(v)).toBe(true);
      expect(BigInt(v as string) <= BigInt(ID_MAX)).toBe(true);
    } else if (part === 'int') {
      expect(Number.isInteger(v)).toBe(true);
      expect(Math.abs(v as number)).toBeLessThanOrEqual(2 ** 31);
    } else if (part === 'timestamp') {
      expect(Number.isNaN(new Date(v as string).getTime())).toBe(false);
    } else {
      expect(typeof v).toBe('string');
      expect(v as string).not.toContain('\u0000');
    }
  });
}

const idArb = fc.bigInt({ min: 0n, max: BigInt(ID_MAX) }).map(String);
const partArb = (part: CursorPart): fc.Arbitrary<string | number> => {
  if (part === 'id') return idArb;
  if (part === 'int') return fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 });
  if (part === 'timestamp')
    return fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString());
  if (part === 'text') return fc.string({ maxLength: 200 }).filter((s) => !s.includes('\u0000'));
  if (part instanceof RegExp) return fc.stringMatching(part);
  return fc.constantFrom(...part);
};
const validCursorArb = fc.constantFrom(...SHAPES).chain((parts) => fc.tuple(fc.constant(parts), fc.tuple(...parts.map(partArb))));

/** JSON values that look like cursor parts, and many that do not. */
const hostileValue = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -1,
    -0,
    1.5,
    1e300,
    -1e300,
    2 ** 53,
    '',
    '-1',
    '+1',
    '1e3',
    '0x10',
    ' 1',
    '1 ',
    'o',
    'n',
    '\u0000',
    '\ud800',
    '9223372036854775808',
    '99999999999999999999',
    '2024-02-30T00:00:00.000Z',
    '0000-01-01T00:00:00.000Z',
    '2024-01-01',
    '2147483648',
    '-2147483649',
  ),
  idArb,
  fc.bigInt().map(String),
  fc.integer(),
  fc.double(),
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.array(fc.jsonValue(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 3 }),
);

describe('cursors', () => {
  it('round-trip every shape the lists use', () => {
    fc.assert(
      fc.property(validCursorArb, ([parts, key]) => {
        expect(decodeCursor(encodeCursor(key), parts)).toEqual(key);
      }),
      { numRuns: 2000 },
    );
    expect(decodeCursor(undefined, ['id'])).toBeNull();
    expect(decodeCursor('', ['id'])).toBeNull();
  });

  it('refuse the wrong shape as a 400 naming bookmark', () => {
    const refused: [unknown, readonly CursorPart[]][] = [
      [{ a: 1 }, ['id']],
      [[], ['id']],
      [['1', '2'], ['id']],
      [[['1']], ['id']],
      ['1', ['id']],
      [1, ['id']],
      [null, ['id']],
      [[1], ['id']],
      [['-1'], ['id']],
      [['x'], ['id']],
      [['9223372036854775808'], ['id']],
      [['99999999999999999999'], ['id']],
      [['1e300'], ['id']],
      [
        [1e300, '1', '1'],
        ['int', 'id', 'id'],
      ],
      [
        ['1.5', '1', '1'],
        ['int', 'id', 'id'],
      ],
      [
        [2 ** 31, '1', '1'],
        ['int', 'id', 'id'],
      ],
      [
        ['2024-13-01T00:00:00.000Z', '1'],
        ['timestamp', 'id'],
      ],
      [
        ['2024-02-30T00:00:00.000Z', '1'],
        ['timestamp', 'id'],
      ],
      [
        ['yesterday', '1'],
        ['timestamp', 'id'],
      ],
      [
        [5, '1'],
        ['text', 'id'],
      ],
      [
        ['a\u0000b', '1'],
        ['text', 'id'],
      ],
      [
        ['x', '1'],
        [['o', 'n'], 'id'],
      ],
      [
        ['1e3', '1'],
        [/^\d{1,6}(\.\d{1,12})?$/, 'id'],
      ],
    ];
    for (const [value, parts] of refused) {
      expect(attempt(b64(value), parts).ok, JSON.stringify(value)).toBe(false);
    }
    expect(attempt('garbage', ['id']).ok).toBe(false);
    expect(attempt('%%%', ['id']).ok).toBe(false);
  });

  it('decode any string to a safe cursor or a 400, never anything else', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SHAPES),
        fc.oneof(fc.string(), fc.base64String(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' })),
        (parts, bookmark) => {
          const r = attempt(bookmark, parts);
          if (r.ok && r.cursor) assertSafe(r.cursor, parts);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('decode any JSON, and any mix of good and hostile parts, to a safe cursor or a 400', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SHAPES), fc.oneof(fc.jsonValue(), fc.array(hostileValue, { maxLength: 4 })), (parts, value) => {
        const r = attempt(b64(value), parts);
        if (r.ok && r.cursor) assertSafe(r.cursor, parts);
      }),
      { numRuns: 2000 },
    );
    // One hostile part in an otherwise good cursor.
    fc.assert(
      fc.property(validCursorArb, fc.nat(), hostileValue, ([parts, key], at, value) => {
        const mutated = [...key] as unknown[];
        mutated[at % mutated.length] = value;
        const r = attempt(b64(mutated), parts);
        if (r.ok && r.cursor) assertSafe(r.cursor, parts);
      }),
      { numRuns: 2000 },
    );
  });

  it('decode good bookmarks with flipped characters to a safe cursor or a 400', () => {
    fc.assert(
      fc.property(validCursorArb, fc.nat(), fc.string({ minLength: 1, maxLength: 1 }), ([parts, key], at, c) => {
        const good = encodeCursor(key);
        const i = at % good.length;
        const r = attempt(good.slice(0, i) + c + good.slice(i + 1), parts);
        if (r.ok && r.cursor) assertSafe(r.cursor, parts);
      }),
      { numRuns: 3000 },
    );
  });

  it('give a bookmark only when there is a next page', () => {
    expect(pageOf([1, 2, 3], 2, (n) => [n])).toEqual({ items: [1, 2], bookmark: encodeCursor([2]) });
    expect(pageOf([1, 2], 2, (n) => [n])).toEqual({ items: [1, 2], bookmark: null });
  });
});
