import { mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  currentPageHtml,
  fixtureHash,
  richBoards,
  richCsvRows,
  richPages,
  writeCurrentExport,
  writeLegacyCsv,
  writeOlderExport,
  writeZip,
  type FixturePin,
} from '../../../../test/fixtures/pinterest-export';
import { openExport, pinterestImageUrl, type ExportArchive, type ExportedPin } from './index';

const dir = mkdtempSync(join(tmpdir(), 'pinboard-export-reader-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
const fileName = (ext: string): string => `export-${++n}.${ext}`;

async function read(file: string): Promise<ExportArchive> {
  const archive = await openExport(file);
  await archive.close();
  return archive;
}
const pinById = (archive: ExportArchive, id: string): ExportedPin => {
  const pin = archive.pins.find((p) => p.pinterestId === id);
  if (!pin) throw new Error(`no Pin ${id}`);
  return pin;
};
const hash = (n: number) => ({ kind: 'pinterest_hash', hash: fixtureHash(n) });

describe('the current layout (pins/0001.html, …)', () => {
  it('reads every page in order, the index holding no Pins, exactly as the fixture says', async () => {
    const { file, expected } = await writeCurrentExport(dir, richPages(), { fileName: fileName('zip') });
    const archive = await read(file);
    expect({ layout: archive.layout, boards: archive.boards, pins: archive.pins }).toEqual(expected);
    expect(archive.pins.map((p) => p.pinterestId)).toEqual([
      '1001',
      '1002',
      '1003',
      '1004',
      '1005',
      '1006',
      '1007',
      '1008',
      '1009',
      '1010',
      '1011',
      '1012',
      '1013',
    ]);
  });

  it('reads the same export under one top-level folder', async () => {
    const { file, expected } = await writeCurrentExport(dir, richPages(), { rootFolder: 'pinterest-data-2024', fileName: fileName('zip') });
    const archive = await read(file);
    expect(archive.layout).toBe('current');
    expect(archive.pins).toEqual(expected.pins);
    expect(archive.boards).toEqual(expected.boards);
  });

  it('reads a single page of the current layout given alone', async () => {
    const file = join(dir, fileName('html'));
    await writeFile(file, currentPageHtml(richPages()[0]!));
    const archive = await read(file);
    expect(archive.layout).toBe('current');
    expect(archive.pins.map((p) => p.pinterestId)).toEqual(['1001', '1002', '1003', '1004', '1005', '1006']);
  });

  it('orders pages by their number, not by their place in the archive', async () => {
    const pin = (id: string): FixturePin => ({ id, title: id, image: fixtureHash(Number(id)) });
    const file = join(dir, fileName('zip'));
    await writeZip(file, [
      { name: 'pins/0010.html', data: currentPageHtml([pin('10')]) },
      { name: 'pins/your_pins.html', data: '<html><body><a href="0002.html">0002.html</a></body></html>' },
      { name: 'pins/0002.html', data: currentPageHtml([pin('2')]) },
      { name: 'pins/0001.html', data: currentPageHtml([pin('1')]) },
    ]);
    expect((await read(file)).pins.map((p) => p.pinterestId)).toEqual(['1', '2', '10']);
  });
});

describe('the traps real exports hold', () => {
  let archive: ExportArchive;
  beforeAll(async () => {
    archive = await read((await writeCurrentExport(dir, richPages(), { fileName: fileName('zip') })).file);
  });

  it('reads only an exact `No data` as empty: a title beginning with it is real', () => {
    expect(pinById(archive, '1002').title).toBe('No data, but real');
    expect(pinById(archive, '1012').title).toBeNull();
    expect(pinById(archive, '1012').description).toBeNull();
    expect(pinById(archive, '1001').link).toBe('https://example.com/recipe?a=1&b=2');
    expect(pinById(archive, '1002').link).toBeNull();
  });

  it('decodes entities and keeps newlines', () => {
    expect(pinById(archive, '1001').title).toBe('Café crème & <friends>');
    expect(pinById(archive, '1001').description).toBe('Line one\nLine "two"');
  });

  it('keeps text that looks like a later field, out of order, in the value (fixed field order)', () => {
    const pin = pinById(archive, '1003');
    expect(pin.description).toBe('Before\nBoard Name: Fake\nAlive: No\nPrivate: Yes');
    expect(pin.boardKey).toBe('id:555');
    expect(pin.alive).toBe(true);
    expect(pin.private).toBe(false);
    expect(archive.boards.some((b) => b.name === 'Fake')).toBe(false);
  });

  it('reads one Pin per id whatever the host, the first winning and later ones filling its empty fields', () => {
    expect(archive.pins.filter((p) => p.pinterestId === '1001')).toHaveLength(1);
    const first = pinById(archive, '1001');
    expect(first.title).toBe('Café crème & <friends>');
    expect(first.image).toEqual(hash(1));
    expect(first.pinUrl).toBe('https://www.pinterest.com/pin/1001/');
    // 1002 had no details on page 1; its repeat on fr.pinterest.com gives them.
    expect(pinById(archive, '1002').description).toBe('Filled later');
    expect(pinById(archive, '1002').title).toBe('No data, but real');
    expect(pinById(archive, '1004').title).toBe('שלום עולם مرحبا');
  });

  it('lists a dead Pin as not alive', () => {
    expect(pinById(archive, '1006').alive).toBe(false);
    expect(pinById(archive, '1001').alive).toBe(true);
  });

  it('keys boards by Board Id, a board named on one Pin and only numbered on another being one board', () => {
    expect(pinById(archive, '1007').boardKey).toBe('id:555');
    // Named only (no id) on 1013: the id known for that name elsewhere keys it.
    expect(pinById(archive, '1013').boardKey).toBe('id:555');
    expect(pinById(archive, '1005').boardKey).toBe('id:777');
    expect(pinById(archive, '1002').boardKey).toBe('name:Travel');
    expect(pinById(archive, '1012').boardKey).toBeNull();
    expect(archive.boards).toEqual([
      { key: 'id:555', pinterestId: '555', name: 'Recipes', description: null, privacy: null, sections: [] },
      { key: 'name:Travel', pinterestId: null, name: 'Travel', description: null, privacy: null, sections: [] },
      { key: 'id:777', pinterestId: '777', name: 'Moving', description: null, privacy: null, sections: [] },
    ]);
  });

  it('takes Image only as a 32-hex signature (lower-cased), else no image', () => {
    expect(pinById(archive, '1005').image).toEqual(hash(5));
    expect(pinById(archive, '1011').image).toBeNull();
  });

  it('gives an Idea Pin its Story Pin Media in order, the first as its image, however the list is written', () => {
    const bracketed = pinById(archive, '1008');
    expect(bracketed.storyImages).toEqual([hash(81), hash(82), hash(83)]);
    expect(bracketed.image).toEqual(hash(81));
    const json = pinById(archive, '1009');
    expect(json.storyImages).toEqual([hash(91), hash(92)]);
    expect(json.image).toEqual(hash(91));
    expect(pinById(archive, '1001').storyImages).toEqual([]);
  });

  it('normalizes text to NFC and keeps right-to-left, CJK and emoji as they are', () => {
    const title = pinById(archive, '1001').title!;
    expect(title).toBe(title.normalize('NFC'));
    expect(title.startsWith('Caf\u00e9')).toBe(true);
    expect(pinById(archive, '1004').description).toBe('東京の夜景 🌃');
    expect(pinById(archive, '1005').title).toBe('🌸 Spring 👩‍👩‍👧');
  });

  it('reads the Canonical Link from its <a>, the flags, and Created at as UTC', () => {
    const video = pinById(archive, '1010');
    expect([video.isVideo, video.isRepin, video.private]).toEqual([true, true, true]);
    expect(pinById(archive, '1001').isVideo).toBe(false);
    expect(pinById(archive, '1001').createdAt?.toISOString()).toBe('2021-03-04T05:06:07.000Z');
    expect(pinById(archive, '1001').altText).toBe('A cup');
  });

  it('takes the link text when the <a> has no href, and drops a block whose link carries no Pin id', async () => {
    const html = currentPageHtml([
      { id: '1', title: 'One', image: fixtureHash(1), link: 'https://example.com/one' },
      { id: '2', host: 'pin.it', title: 'Short link', details: 'Not of Pin one', image: fixtureHash(2) },
      { id: '3', title: 'Three', image: fixtureHash(3) },
    ]).replace('<a href="https://example.com/one">', '<a>');
    const file = join(dir, fileName('html'));
    await writeFile(file, html);
    const got = await read(file);
    expect(got.pins.map((p) => [p.pinterestId, p.title, p.description, p.link])).toEqual([
      ['1', 'One', null, 'https://example.com/one'],
      ['3', 'Three', null, null],
    ]);
  });

  it('reads pages written with CRLF line ends', async () => {
    const html = currentPageHtml([
      { id: '1', title: 'One', details: 'a\nb', image: fixtureHash(1), boardName: 'B' },
      { id: '2', title: 'Two', image: fixtureHash(2) },
    ]).replace(/\n/g, '\r\n');
    const file = join(dir, fileName('html'));
    await writeFile(file, html);
    const got = await read(file);
    expect(got.pins.map((p) => [p.pinterestId, p.title, p.description, p.boardKey])).toEqual([
      ['1', 'One', 'a\nb', 'name:B'],
      ['2', 'Two', null, null],
    ]);
  });

  it('reads Pin links of any host and slug to the same id', async () => {
    const pins: FixturePin[] = [
      { id: '42', host: 'www.pinterest.co.uk', title: 'a', image: fixtureHash(1) },
      { id: 'a-title--42', host: 'fr.pinterest.com', title: 'b' },
      { id: '42', host: 'pinterest.com.au', title: 'c' },
      { id: '43', host: 'de.pinterest.de', title: 'd', image: fixtureHash(2) },
    ];
    const file = join(dir, fileName('html'));
    await writeFile(file, currentPageHtml(pins));
    const got = await read(file);
    expect(got.pins.map((p) => [p.pinterestId, p.pinUrl, p.title])).toEqual([
      ['42', 'https://www.pinterest.com/pin/42/', 'a'],
      ['43', 'https://www.pinterest.com/pin/43/', 'd'],
    ]);
  });
});

describe('the older layout (one page with <h1> sections)', () => {
  it('reads Pins from the Pins section only, with commas and True/False, and the Boards section', async () => {
    const { file, expected } = await writeOlderExport(dir, richPages().flat(), { boards: richBoards(), fileName: fileName('html') });
    const archive = await read(file);
    expect({ layout: archive.layout, boards: archive.boards, pins: archive.pins }).toEqual(expected);
    // The Pin link inside Messages is no Pin.
    expect(archive.pins.some((p) => p.pinterestId === '999999999999')).toBe(false);
    expect(pinById(archive, '1003').description).toBe('Before\nBoard Name: Fake\nAlive: No\nPrivate: Yes');
    expect(pinById(archive, '1006').alive).toBe(false);
    expect(pinById(archive, '1010').isVideo).toBe(true);
    expect(pinById(archive, '1002').title).toBe('No data, but real');
    expect(archive.boards.slice(0, 3)).toEqual([
      { key: 'id:555', pinterestId: '555', name: 'Recipes', description: 'Food, mostly', privacy: 'public', sections: ['Soups', 'Bread'] },
      { key: 'name:Travel', pinterestId: null, name: 'Travel', description: 'Places', privacy: 'secret', sections: [] },
      { key: 'id:888', pinterestId: '888', name: 'Empty board', description: null, privacy: 'public', sections: [] },
    ]);
  });

  it('reads it inside a ZIP too, and finds sections by their heading whatever their ids', async () => {
    const { file, expected } = await writeOlderExport(dir, richPages().flat(), { boards: richBoards(), zip: true, fileName: fileName('zip') });
    const archive = await read(file);
    expect(archive.layout).toBe('older');
    expect(archive.pins).toEqual(expected.pins);
  });
});

describe('the legacy CSV', () => {
  it('reads pins.csv with its boards, sections and image URLs', async () => {
    const { file, expected } = await writeLegacyCsv(dir, richCsvRows(), { fileName: fileName('csv') });
    const archive = await read(file);
    expect({ layout: archive.layout, boards: archive.boards, pins: archive.pins }).toEqual(expected);
    expect(archive.pins.map((p) => [p.pinterestId, p.title, p.boardKey, p.section])).toEqual([
      ['2001', 'Café', 'name:Recipes', 'Soups'],
      ['2002', 'No data, but real', 'name:Travel', null],
      ['2003', 'שלום', 'name:Recipes', 'Bread'],
    ]);
    expect(pinById(archive, '2001').description).toBe('Multi\nline, with "quotes"');
    expect(pinById(archive, '2001').image).toEqual({ kind: 'url', url: 'https://i.pinimg.com/originals/aa/bb/cc/x.jpg' });
    expect(pinById(archive, '2002').image).toEqual(hash(2002));
    expect(archive.boards[0]!.sections).toEqual(['Soups', 'Bread']);
  });

  it('matches header names case-insensitively and by synonym, whatever the separator', async () => {
    const headers = {
      board: 'BOARD_NAME',
      note: 'description',
      pinUrl: 'pin-link',
      imageUrl: 'Image',
      link: 'Source URL',
      title: 'TITLE',
      section: 'board section',
    };
    const { file, expected } = await writeLegacyCsv(dir, richCsvRows(), { headers, fileName: fileName('csv') });
    expect((await read(file)).pins).toEqual(expected.pins);
    const semicolons = join(dir, fileName('csv'));
    await writeFile(semicolons, 'Pin URL;Title;Notes\r\nhttps://www.pinterest.com/pin/7/;Seven; a; b\r\n');
    const got = await read(semicolons);
    expect(got.pins.map((p) => [p.pinterestId, p.title, p.description])).toEqual([['7', 'Seven', 'a']]);
  });

  it('reads pins.csv inside a ZIP', async () => {
    const { file, expected } = await writeLegacyCsv(dir, richCsvRows(), { zip: true, fileName: fileName('zip') });
    const archive = await read(file);
    expect(archive.layout).toBe('legacy_csv');
    expect(archive.pins).toEqual(expected.pins);
  });
});

describe('what an archive offers besides its Pins', () => {
  it("reads an entry's bytes and refuses what it does not hold", async () => {
    const file = join(dir, fileName('zip'));
    await writeZip(file, [
      { name: 'pins/0001.html', data: currentPageHtml([{ id: '1', image: fixtureHash(1) }]) },
      { name: 'media/a.jpg', data: Buffer.from([1, 2, 3]) },
    ]);
    const archive = await openExport(file);
    try {
      expect(await archive.readEntry('media/a.jpg')).toEqual(Buffer.from([1, 2, 3]));
      await expect(archive.readEntry('media/missing.jpg')).rejects.toThrow();
    } finally {
      await archive.close();
    }
  });

  it('builds the image address from a signature', () => {
    expect(pinterestImageUrl('https://i.pinimg.com/', '0123456789abcdef0123456789abcdef')).toBe(
      'https://i.pinimg.com/736x/01/23/45/0123456789abcdef0123456789abcdef.jpg',
    );
  });
});
