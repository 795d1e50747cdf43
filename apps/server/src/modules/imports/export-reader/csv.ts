import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import type { ExportCollector } from './collect';
import { ExportRejected } from './types';
import { cleanText, csvImage, httpUrl, pinIdFromUrl, readBoolean, readTime } from './fields';

/** A legacy CSV's columns by their header names (lower case, `_`/`-` read as spaces); decision 093 lists them. */
const COLUMN_SYNONYMS = {
  pinUrl: ['pin url', 'pin link', 'pin', 'pinterest url', 'pinterest link', 'pin address', 'pin id'],
  board: ['board', 'board name', 'board title'],
  boardId: ['board id'],
  section: ['section', 'board section', 'section name'],
  title: ['title', 'pin title', 'name'],
  description: ['description', 'note', 'notes', 'details', 'pin note', 'pin description'],
  link: ['link', 'source', 'source url', 'source link', 'website', 'destination', 'destination link', 'canonical link', 'original link'],
  image: ['image url', 'image', 'image link', 'media url', 'image src', 'img'],
  altText: ['alt text', 'alt'],
  createdAt: ['created at', 'created', 'date', 'created date', 'date created', 'pinned at', 'saved at'],
  private: ['private', 'secret'],
  isVideo: ['is video'],
} as const;
type Column = keyof typeof COLUMN_SYNONYMS;

const normalizeHeader = (header: string): string =>
  header
    .replace(/^\uFEFF/, '')
    .normalize('NFC')
    .trim()
    .toLowerCase()
    .replace(/[_-]+/g, ' ')
    .replace(/\s+/g, ' ');

function columnsOf(header: string[]): Partial<Record<Column, number>> | null {
  const names = header.map(normalizeHeader);
  const columns: Partial<Record<Column, number>> = {};
  for (const [column, synonyms] of Object.entries(COLUMN_SYNONYMS) as [Column, readonly string[]][]) {
    const index = names.findIndex((name) => synonyms.includes(name));
    if (index !== -1) columns[column] = index;
  }
  return columns.pinUrl === undefined ? null : columns;
}

/** The separator the header line uses most: comma, semicolon or tab. */
function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

const options = (text: string) => ({ delimiter: delimiterOf(text), bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true }) as const;

/** The first record only (the header), from the start of the text. */
function firstRecord(text: string): string[] | undefined {
  return parseSync(text, { ...options(text), to_line: 1 })[0];
}

/** Every record, the text fed in slices so a large file does not hold the event loop. */
async function* records(text: string): AsyncGenerator<string[]> {
  const SLICE = 256 * 1024;
  function* slices(): Generator<string> {
    for (let at = 0; at < text.length; at += SLICE) yield text.slice(at, at + SLICE);
  }
  const parser = Readable.from(slices()).pipe(parse(options(text)));
  try {
    for await (const record of parser) yield record as string[];
  } catch (err) {
    // Quoting csv-parse cannot make sense of, even relaxed.
    throw err instanceof ExportRejected ? err : new ExportRejected('corrupt', err instanceof Error ? err.message : String(err));
  }
}

/** Whether a text is a CSV whose header names a Pin URL column. */
export function looksLikePinsCsv(text: string): boolean {
  try {
    const header = firstRecord(text.slice(0, 64 * 1024));
    return header != null && columnsOf(header) != null;
  } catch {
    return false;
  }
}

/** Reads a legacy `pins.csv` into the collector. */
export async function readPinsCsv(text: string, collector: ExportCollector): Promise<void> {
  let columns: Partial<Record<Column, number>> | null = null;
  const cell = (row: string[], column: Column): string | null => {
    const index = columns?.[column];
    return index === undefined ? null : cleanText(row[index]);
  };
  let n = 0;
  for await (const row of records(text)) {
    if (columns == null) {
      columns = columnsOf(row);
      if (!columns) return;
      continue;
    }
    if (++n % 5000 === 0) await yieldToLoop();
    const pinCell = cell(row, 'pinUrl');
    const pinterestId = pinCell == null ? null : /^\d+$/.test(pinCell) ? pinCell.replace(/^0+(?=\d)/, '') : pinIdFromUrl(pinCell);
    if (pinterestId == null) continue;
    collector.addPin({
      pinterestId,
      title: cell(row, 'title'),
      description: cell(row, 'description'),
      link: httpUrl(cell(row, 'link')),
      altText: cell(row, 'altText'),
      createdAt: readTime(cell(row, 'createdAt')),
      boardId: cell(row, 'boardId')?.match(/^\d+$/)?.[0] ?? null,
      boardName: cell(row, 'board'),
      section: cell(row, 'section'),
      alive: true,
      isVideo: readBoolean(cell(row, 'isVideo'), false),
      isRepin: false,
      private: readBoolean(cell(row, 'private'), false),
      image: csvImage(cell(row, 'image')),
      storyImages: [],
    });
  }
}
