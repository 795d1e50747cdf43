import { mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  currentPageHtml,
  fixtureHash,
  olderExportHtml,
  patchDeclaredSize,
  richCsvRows,
  richPages,
  writeCurrentExport,
  writeLegacyCsv,
  writeOlderExport,
  writeZip,
  writeZipWithRawName,
  type FixturePin,
} from '../../../../test/fixtures/pinterest-export';
import { ExportCollector } from './collect';
import { readPage } from './html';
import { EXPORT_LIMITS, ExportRejected, openExport, type ExportLimits } from './index';

const dir = mkdtempSync(join(tmpdir(), 'pinboard-export-safety-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
const path = (ext: string): string => join(dir, `file-${++n}.${ext}`);

/** The reason openExport refuses the file with, or 'accepted'. */
async function refusal(file: string, limits?: Partial<ExportLimits>): Promise<string> {
  try {
    const archive = await openExport(file, limits);
    await archive.close();
    return 'accepted';
  } catch (err) {
    if (err instanceof ExportRejected) return err.reason;
    throw err;
  }
}

const page = (count: number, from = 1): string =>
  currentPageHtml(Array.from({ length: count }, (_, i): FixturePin => ({ id: String(from + i), title: `Pin ${from + i}`, image: fixtureHash(from + i) })));

describe('limits, checked before the content is parsed', () => {
  it('has the documented defaults', () => {
    expect(EXPORT_LIMITS).toEqual({
      maxFileBytes: 500 * 1024 * 1024,
      maxUncompressedBytes: 4 * 1024 * 1024 * 1024,
      maxEntries: 200_000,
      maxPins: 100_000,
      maxEntryBytes: 64 * 1024 * 1024,
    });
  });

  it('refuses a file over maxFileBytes, whatever it is', async () => {
    const { file } = await writeCurrentExport(dir, richPages(), { fileName: 'big.zip' });
    expect(await refusal(file)).toBe('accepted');
    expect(await refusal(file, { maxFileBytes: 1000 })).toBe('too_large');
    const csv = (await writeLegacyCsv(dir, richCsvRows(), { fileName: 'big.csv' })).file;
    expect(await refusal(csv, { maxFileBytes: 100 })).toBe('too_large');
  });

  it('refuses a single HTML or CSV file, or an entry, over maxEntryBytes', async () => {
    const html = path('html');
    await writeFile(html, page(50));
    expect(await refusal(html, { maxEntryBytes: 1000 })).toBe('too_large');
    const zip = path('zip');
    await writeZip(zip, [{ name: 'pins/0001.html', data: page(50) }]);
    expect(await refusal(zip)).toBe('accepted');
    expect(await refusal(zip, { maxEntryBytes: 1000 })).toBe('too_large');
  });

  it('refuses more Pins than maxPins (distinct Pins: repeats do not count)', async () => {
    const { file } = await writeCurrentExport(dir, richPages(), { fileName: 'pins.zip' });
    expect(await refusal(file, { maxPins: 13 })).toBe('accepted');
    expect(await refusal(file, { maxPins: 12 })).toBe('too_many_pins');
    const older = (await writeOlderExport(dir, richPages().flat(), { fileName: 'older.html' })).file;
    expect(await refusal(older, { maxPins: 12 })).toBe('too_many_pins');
    const csv = (await writeLegacyCsv(dir, richCsvRows(), { fileName: 'pins.csv' })).file;
    expect(await refusal(csv, { maxPins: 3 })).toBe('accepted');
    expect(await refusal(csv, { maxPins: 2 })).toBe('too_many_pins');
  });
});

describe('zip bombs', () => {
  it('refuses a ZIP with more entries than maxEntries', async () => {
    const file = path('zip');
    await writeZip(file, [
      { name: 'pins/0001.html', data: page(1) },
      { name: 'pins/0002.html', data: page(1, 2) },
      { name: 'pins/your_pins.html', data: '<html></html>' },
    ]);
    expect(await refusal(file, { maxEntries: 3 })).toBe('accepted');
    expect(await refusal(file, { maxEntries: 2 })).toBe('zip_bomb');
  });

  it('refuses a ZIP whose declared uncompressed total passes maxUncompressedBytes', async () => {
    const file = path('zip');
    await writeZip(file, [
      { name: 'pins/0001.html', data: page(20) },
      { name: 'pins/0002.html', data: page(20, 21) },
    ]);
    const total = Buffer.byteLength(page(20)) + Buffer.byteLength(page(20, 21));
    expect(await refusal(file, { maxUncompressedBytes: total })).toBe('accepted');
    expect(await refusal(file, { maxUncompressedBytes: total - 1 })).toBe('zip_bomb');
  });

  it('refuses a big entry compressed beyond 200:1', async () => {
    const file = path('zip');
    await writeZip(file, [
      { name: 'pins/0001.html', data: page(2) },
      { name: 'media/zeros.bin', data: Buffer.alloc(4 * 1024 * 1024) },
    ]);
    expect(await refusal(file)).toBe('zip_bomb');
    // The same bytes stored, not deflated, are no bomb.
    const stored = path('zip');
    await writeZip(stored, [
      { name: 'pins/0001.html', data: page(2) },
      { name: 'media/zeros.bin', data: Buffer.alloc(4 * 1024 * 1024), compress: false },
    ]);
    expect(await refusal(stored)).toBe('accepted');
  });

  it('stops reading an entry that inflates past its declared size', async () => {
    const file = path('zip');
    await writeZip(file, [{ name: 'pins/0001.html', data: page(30) }]);
    expect(await refusal(file)).toBe('accepted');
    await patchDeclaredSize(file, 'pins/0001.html', 200);
    expect(await refusal(file)).toBe('zip_bomb');
  });
});

describe('unsafe entry names', () => {
  for (const name of ['../evil', 'pins/../../evil.html', '/abs', 'C:\\x', 'C:/x', 'pins\\0001.html']) {
    it(`refuses ${JSON.stringify(name)}`, async () => {
      const file = await writeZipWithRawName(path('zip'), name, page(1));
      expect(await refusal(file)).toBe('unsafe_path');
    });
  }

  it('accepts the same ZIP with a safe name (the crafting itself is sound)', async () => {
    const file = await writeZipWithRawName(path('zip'), 'pins/0001.html', page(1));
    expect(await refusal(file)).toBe('accepted');
  });
});

describe('what is no export', () => {
  it('refuses files that hold nothing recognisable', async () => {
    const cases: [string, string | Buffer][] = [
      ['txt', 'hello, this is a letter'],
      ['bin', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d])],
      ['html', '<!DOCTYPE html><html><body><h1>Hello</h1><a href="https://example.com/">a link</a></body></html>'],
      ['csv', 'name,email\r\nA,a@example.com\r\n'],
      ['empty', ''],
    ];
    for (const [ext, data] of cases) {
      const file = path(ext);
      await writeFile(file, data);
      expect([ext, await refusal(file)]).toEqual([ext, 'unrecognised']);
    }
    const zip = path('zip');
    await writeZip(zip, [{ name: 'readme.txt', data: 'nothing here' }]);
    expect(await refusal(zip)).toBe('unrecognised');
  });

  it('tells layouts by their bytes, not their names', async () => {
    const html = path('csv');
    await writeFile(html, olderExportHtml([{ id: '5', title: 'x', image: fixtureHash(5) }]));
    const archive = await openExport(html);
    expect(archive.layout).toBe('older');
    await archive.close();
  });

  it('refuses a CSV whose quoting cannot be read', async () => {
    const file = path('csv');
    await writeFile(file, 'Pin URL,Title\r\nhttps://www.pinterest.com/pin/1/,"never closed\r\n');
    expect(await refusal(file)).toBe('corrupt');
  });

  it('refuses a corrupt ZIP', async () => {
    const garbage = path('zip');
    await writeFile(garbage, Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(200, 7)]));
    expect(await refusal(garbage)).toBe('corrupt');
    const { file } = await writeCurrentExport(dir, richPages(), { fileName: 'to-truncate.zip' });
    const { readFile } = await import('node:fs/promises');
    const whole = await readFile(file);
    const truncated = path('zip');
    await writeFile(truncated, whole.subarray(0, whole.length - 30));
    expect(await refusal(truncated)).toBe('corrupt');
  });
});

describe('the event loop', () => {
  it('keeps turning while a large page is parsed', async () => {
    const html = page(6_000);
    let turns = 0;
    let running = true;
    const beat = (): void => {
      turns += 1;
      if (running) setImmediate(beat);
    };
    setImmediate(beat);
    const collector = new ExportCollector(EXPORT_LIMITS.maxPins);
    await readPage(html, 'pins', false, collector);
    running = false;
    expect(collector.pinCount).toBe(6_000);
    // The page is fed in slices of 512 KiB with a turn of the loop between them.
    expect(turns).toBeGreaterThanOrEqual(Math.floor(html.length / (512 * 1024)));
    expect(turns).toBeGreaterThan(3);
  });
});
