import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { Parser } from 'htmlparser2';
import type { ExportCollector, ReadBoard } from './collect';
import { cleanText, hashImage, httpUrl, looksLikePinUrl, pinIdFromUrl, readBoolean, readTime, storyImages } from './fields';

/**
 * The fields of a Pin, in the FIXED order the export writes them (decision 093). A field's value
 * runs until the next field of this order, so text that looks like a later field stays in the value.
 */
const PIN_FIELDS = [
  'Title',
  'Details',
  'Image',
  'Is Native',
  'Board Id',
  'Board Name',
  'Is Video',
  'Ip Address',
  'Username',
  'Alt Text',
  'Canonical Link',
  'Story Pin Media',
  'Video',
  'Created at',
  'Alive',
  'Is a repin',
  'Private',
] as const;
type PinField = (typeof PIN_FIELDS)[number];

/** The keys of a board in an older export's Boards section (any order; synonyms map to one field). */
const BOARD_KEYS: Record<string, keyof ReadBoard | 'secret'> = {
  name: 'name',
  'board name': 'name',
  title: 'name',
  id: 'pinterestId',
  'board id': 'pinterestId',
  description: 'description',
  details: 'description',
  privacy: 'privacy',
  visibility: 'privacy',
  secret: 'secret',
  'is secret': 'secret',
  sections: 'sections',
  'board sections': 'sections',
};

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const FIELD_PATTERNS = PIN_FIELDS.map((field) => new RegExp(`^[ \\t\\u00a0]*${escapeRegExp(field).replace(/ /g, '[ \\t\\u00a0]+')}[ \\t\\u00a0]*:`, 'gim'));
const BOARD_KEY_PATTERN = new RegExp(
  `^[ \\t\\u00a0]*(${Object.keys(BOARD_KEYS).map(escapeRegExp).join('|').replace(/ /g, '[ \\t\\u00a0]+')})[ \\t\\u00a0]*:`,
  'gim',
);

/** A stretch of a page after its leading link: its text (line breaks as \n) and the links in it, by offset. */
interface Block {
  href: string;
  text: string;
  anchors: { offset: number; end: number; href: string | null; text: string }[];
}

type Section = 'pins' | 'boards' | 'other';
export type PageMode = 'pins' | 'sections';

const LINE_TAGS = new Set(['br', 'p', 'div', 'li', 'ul', 'ol', 'tr', 'td', 'table', 'h2', 'h3', 'h4', 'h5', 'h6', 'section', 'article', 'body', 'hr']);
const SKIP_TAGS = new Set(['script', 'style', 'title', 'head']);

function sectionOf(heading: string): Section {
  const text = heading.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
  if (/^(your )?pins$/.test(text)) return 'pins';
  if (/^(your )?boards$/.test(text)) return 'boards';
  return 'other';
}

export interface PageResult {
  /** Headings found (an older export has Pins among them). */
  sections: Section[];
  pinBlocks: number;
}

/**
 * Reads one HTML page into the collector. `pins` mode (a current export's page): every Pin link that
 * starts a line starts a Pin. `sections` mode (an older export): only inside the `Pins` heading's
 * section, and boards inside `Boards`. Feeds htmlparser2 in slices, yielding to the event loop between them.
 */
export async function readPage(html: string, mode: PageMode, older: boolean, collector: ExportCollector): Promise<PageResult> {
  const result: PageResult = { sections: [], pinBlocks: 0 };
  let section: Section = mode === 'pins' ? 'pins' : 'other';
  let block: Block | null = null;
  let boardText: Block | null = null;
  let atLineStart = true;
  let skipDepth = 0;
  let heading: string | null = null;
  let anchor: { href: string | null; text: string } | null = null;

  const finishBlock = (): void => {
    if (block) {
      result.pinBlocks += 1;
      readPinBlock(block, older, collector);
      block = null;
    }
    if (boardText) {
      readBoardsText(boardText, older, collector);
      boardText = null;
    }
  };
  const target = (): Block | null => block ?? boardText;
  const appendText = (text: string): void => {
    const into = target();
    if (into) into.text += text;
    const lastBreak = Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r'));
    const tail = lastBreak === -1 ? text : text.slice(lastBreak + 1);
    if (/\S/.test(tail)) atLineStart = false;
    else if (lastBreak !== -1) atLineStart = true;
  };
  const lineBreak = (): void => {
    const into = target();
    if (into) into.text += '\n';
    atLineStart = true;
  };

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (SKIP_TAGS.has(name)) {
          skipDepth += 1;
          return;
        }
        if (skipDepth > 0) return;
        if (name === 'h1') {
          finishBlock();
          heading = '';
          return;
        }
        if (name === 'a') {
          anchor = { href: attribs.href ?? null, text: '' };
          return;
        }
        if (LINE_TAGS.has(name)) lineBreak();
      },
      ontext(text) {
        if (skipDepth > 0) return;
        if (heading != null) heading += text;
        else if (anchor) anchor.text += text;
        else appendText(text);
      },
      onclosetag(name, implied) {
        if (SKIP_TAGS.has(name)) {
          skipDepth = Math.max(0, skipDepth - 1);
          return;
        }
        if (skipDepth > 0) return;
        if (name === 'h1' && heading != null) {
          const found = sectionOf(heading);
          result.sections.push(found);
          if (mode === 'sections') section = found;
          heading = null;
          if (section === 'boards') boardText = { href: '', text: '', anchors: [] };
          atLineStart = true;
          return;
        }
        if (name === 'a' && anchor) {
          const { href, text } = anchor;
          anchor = null;
          if (section === 'pins' && atLineStart && href != null && looksLikePinUrl(href)) {
            finishBlock();
            block = { href, text: '', anchors: [] };
            atLineStart = false;
            return;
          }
          const into = target();
          if (into) {
            const offset = into.text.length;
            into.text += text;
            into.anchors.push({ offset, end: into.text.length, href, text });
          }
          if (/\S/.test(text)) atLineStart = false;
          return;
        }
        if (!implied && LINE_TAGS.has(name) && name !== 'br') lineBreak();
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );

  const SLICE = 512 * 1024;
  for (let at = 0; at < html.length; at += SLICE) {
    parser.write(html.slice(at, at + SLICE));
    if (at + SLICE < html.length) await yieldToLoop();
  }
  parser.end();
  finishBlock();
  return result;
}

/** The values of a block's fields by the fixed order: each runs until the next field of the order found after it. */
function splitByOrder(text: string): Map<PinField, { start: number; end: number }> {
  const found: { field: PinField; keyStart: number; valueStart: number }[] = [];
  let position = 0;
  let next = 0;
  while (next < PIN_FIELDS.length) {
    let match: { index: number; field: number; length: number } | null = null;
    for (let i = next; i < PIN_FIELDS.length; i++) {
      const pattern = FIELD_PATTERNS[i]!;
      pattern.lastIndex = position;
      const m = pattern.exec(text);
      if (m) {
        match = { index: m.index, field: i, length: m[0].length };
        break;
      }
    }
    if (!match) break;
    found.push({ field: PIN_FIELDS[match.field]!, keyStart: match.index, valueStart: match.index + match.length });
    position = match.index + match.length;
    next = match.field + 1;
  }
  const values = new Map<PinField, { start: number; end: number }>();
  found.forEach((entry, i) => values.set(entry.field, { start: entry.valueStart, end: found[i + 1]?.keyStart ?? text.length }));
  return values;
}

/** An older export ends each field line with a comma: drop one. */
function valueText(raw: string, older: boolean): string | null {
  let text = raw.replace(/\r\n?/g, '\n').trim();
  if (older && text.endsWith(',')) text = text.slice(0, -1);
  return cleanText(text);
}

function readPinBlock(block: Block, older: boolean, collector: ExportCollector): void {
  const pinterestId = pinIdFromUrl(block.href);
  if (pinterestId == null) return;
  const ranges = splitByOrder(block.text);
  const field = (name: PinField): string | null => {
    const range = ranges.get(name);
    return range ? valueText(block.text.slice(range.start, range.end), older) : null;
  };
  const linkRange = ranges.get('Canonical Link');
  let link: string | null = null;
  if (linkRange) {
    const inLink = block.anchors.find((a) => a.offset >= linkRange.start && a.end <= linkRange.end);
    link = inLink ? httpUrl(cleanText(inLink.href) ?? cleanText(inLink.text)) : httpUrl(field('Canonical Link'));
  }
  collector.addPin({
    pinterestId,
    title: field('Title'),
    description: field('Details'),
    link,
    altText: field('Alt Text'),
    createdAt: readTime(field('Created at')),
    boardId: field('Board Id')?.match(/^\d+$/)?.[0] ?? null,
    boardName: field('Board Name'),
    section: null,
    alive: readBoolean(field('Alive'), true),
    isVideo: readBoolean(field('Is Video'), false),
    isRepin: readBoolean(field('Is a repin'), false),
    private: readBoolean(field('Private'), false),
    image: hashImage(field('Image')),
    storyImages: storyImages(field('Story Pin Media')),
  });
}

function readPrivacy(raw: string | null): 'public' | 'secret' | null {
  const value = raw?.toLowerCase();
  if (value === 'public') return 'public';
  if (value === 'secret' || value === 'private' || value === 'protected') return 'secret';
  return null;
}

/**
 * An older export's Boards section: `Key: value` lines (keys in BOARD_KEYS, any order); a board ends
 * where a key it already has starts again, or at a link that starts a line.
 */
function readBoardsText(block: Block, older: boolean, collector: ExportCollector): void {
  const text = block.text;
  // A link that starts a line starts a board: mark those places.
  const boardStarts = new Set<number>();
  for (const a of block.anchors) {
    const before = text.slice(0, a.offset);
    if (/(^|\n)[ \t\u00a0]*$/.test(before)) boardStarts.add(a.offset);
  }
  const keys: { key: string; start: number; valueStart: number }[] = [];
  BOARD_KEY_PATTERN.lastIndex = 0;
  for (let m = BOARD_KEY_PATTERN.exec(text); m; m = BOARD_KEY_PATTERN.exec(text)) {
    keys.push({ key: m[1]!.toLowerCase().replace(/\s+/g, ' '), start: m.index, valueStart: m.index + m[0].length });
  }
  let current: ReadBoard | null = null;
  let seen = new Set<string>();
  const flush = (): void => {
    if (current && (current.name != null || current.pinterestId != null)) collector.addBoard(current);
    current = null;
    seen = new Set();
  };
  const starts = [...boardStarts].sort((a, b) => a - b);
  keys.forEach((entry, i) => {
    const nextBoard = starts.find((start) => start > entry.valueStart);
    const end = Math.min(keys[i + 1]?.start ?? text.length, nextBoard ?? text.length);
    const field = BOARD_KEYS[entry.key]!;
    if (starts.some((s) => s <= entry.start && s > (keys[i - 1]?.start ?? -1))) flush();
    if (seen.has(field)) flush();
    current ??= { pinterestId: null, name: null, description: null, privacy: null, sections: [] };
    seen.add(field);
    const value = valueText(text.slice(entry.valueStart, end), older);
    if (field === 'name') current.name = value;
    else if (field === 'pinterestId') current.pinterestId = value?.match(/^\d+$/)?.[0] ?? null;
    else if (field === 'description') current.description = value;
    else if (field === 'privacy') current.privacy = readPrivacy(value);
    else if (field === 'secret') current.privacy = value == null ? null : readBoolean(value, false) ? 'secret' : 'public';
    else if (field === 'sections')
      current.sections = (value ?? '')
        .split(/[,\n]/)
        .map((s) => cleanText(s))
        .filter((s): s is string => s != null);
  });
  flush();
}
