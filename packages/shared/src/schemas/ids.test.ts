import { describe, expect, it } from 'vitest';
import { ID_MAX, isId } from './ids';
import { zId } from './common';

describe('isId', () => {
  it('accepts decimal strings within the signed 64-bit range', () => {
    for (const id of ['0', '1', '42', '000123', ID_MAX, `000${ID_MAX}`.slice(-20), '1000000000000000000']) expect(isId(id), id).toBe(true);
  });

  it('refuses everything else', () => {
    for (const id of [
      '',
      '-1',
      '+1',
      '1.5',
      '1e3',
      ' 1',
      '1 ',
      'abc',
      '9223372036854775808',
      '99999999999999999999',
      '123456789012345678901',
      '١٢٣',
      12,
      null,
      undefined,
    ]) {
      expect(isId(id), String(id)).toBe(false);
    }
  });

  it('agrees with BigInt on every length', () => {
    for (let digits = 1; digits <= 20; digits++) {
      for (const lead of ['1', '5', '9']) {
        const s = lead.padEnd(digits, '7');
        expect(isId(s), s).toBe(BigInt(s) <= BigInt(ID_MAX));
      }
    }
  });

  it('is what zId checks, with a message for people', () => {
    expect(zId.safeParse(ID_MAX).success).toBe(true);
    const tooBig = zId.safeParse('99999999999999999999');
    expect(tooBig.success).toBe(false);
    expect(tooBig.error?.issues[0]?.message).toMatch(/^Expected a numeric id/);
  });
});
