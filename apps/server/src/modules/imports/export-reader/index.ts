import { open, stat } from 'node:fs/promises';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { ExportCollector } from './collect';
import { looksLikePinsCsv, readPinsCsv } from './csv';
import { readPage } from './html';
import { isPinboardExport, readPinboardExport } from './pinboard-layout';
import type { ExportArchive, ExportLayout, ExportLimits } from './types';
import { ExportRejected } from './types';
import { openZip, type OpenZip } from './zip';

export * from './types';

const MB = 1024 * 1024;

/** Defaults (decision 093). */
export const EXPORT_LIMITS: ExportLimits = Object.freeze({
  maxFileBytes: 500 * MB,
  maxUncompressedBytes: 4 * 1024 * MB,
  maxEntries: 200_000,
  maxPins: 100_000,
  maxEntryBytes: 64 * MB,
});

/** The URL of a Pin image by its 32-hex signature: {base}/736x/{h0:2}/{h2:4}/{h4:6}/{hash}.jpg */
export function pinterestImageUrl(base: string, hash: string): string {
  return `${base.endsWith('/') ? base.slice(0, -1) : base}/736x/${hash.slice(0, 2)}/${hash.slice(2, 4)}/${hash.slice(4, 6)}/${hash}.jpg`;
}

const decoder = new TextDecoder('utf-8', { ignoreBOM: false });
const decode = (bytes: Buffer): string => decoder.decode(bytes);

const looksLikeHtml = (text: string): boolean => /<(!doctype\s+html|html|head|body|h1|a\s|br\b|div|meta)/i.test(text.slice(0, 64 * 1024));
const looksBinary = (bytes: Buffer): boolean => bytes.subarray(0, 8192).includes(0);

/**
 * Opens a Pinterest data export: a .zip, a single .html or a .csv, told apart by their bytes. Every
 * check of size and safety happens before the content is parsed; rejects with ExportRejected.
 */
export async function openExport(file: string, limits?: Partial<ExportLimits>): Promise<ExportArchive> {
  const max: ExportLimits = { ...EXPORT_LIMITS, ...limits };
  const size = (await stat(file)).size;
  if (size > max.maxFileBytes) throw new ExportRejected('too_large', `${size} bytes`);
  const head = Buffer.alloc(4);
  const handle = await open(file, 'r');
  try {
    await handle.read(head, 0, 4, 0);
  } finally {
    await handle.close();
  }
  if (head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5 || head[2] === 7) && (head[3] === 4 || head[3] === 6 || head[3] === 8)) {
    return openZipExport(file, max);
  }
  if (size > max.maxEntryBytes) throw new ExportRejected('too_large', `${size} bytes`);
  const handleAll = await open(file, 'r');
  let bytes: Buffer;
  try {
    bytes = await handleAll.readFile();
  } finally {
    await handleAll.close();
  }
  const read = await readSingleFile(bytes, max);
  if (!read) throw new ExportRejected('unrecognised');
  return archive(read.layout, read.collector, null);
}

type Read = { layout: ExportLayout; collector: Pick<ExportCollector, 'finish'> };

async function readSingleFile(bytes: Buffer, limits: ExportLimits): Promise<Read | null> {
  if (bytes.length === 0 || looksBinary(bytes)) return null;
  const text = decode(bytes);
  if (looksLikeHtml(text)) return readHtml(text, limits);
  if (looksLikePinsCsv(text)) {
    const collector = new ExportCollector(limits.maxPins);
    await readPinsCsv(text, collector);
    return { layout: 'legacy_csv', collector };
  }
  return null;
}

/** A single HTML page: an older export when it has a `Pins` heading, else a current export's page when it holds Pins. */
async function readHtml(text: string, limits: ExportLimits): Promise<Read | null> {
  const older = new ExportCollector(limits.maxPins);
  const sections = await readPage(text, 'sections', true, older);
  if (sections.sections.includes('pins')) return { layout: 'older', collector: older };
  const current = new ExportCollector(limits.maxPins);
  const page = await readPage(text, 'pins', false, current);
  return page.pinBlocks > 0 && current.pinCount > 0 ? { layout: 'current', collector: current } : null;
}

function archive(layout: ExportLayout, collector: Read['collector'], zip: OpenZip | null): ExportArchive {
  const { boards, pins } = collector.finish();
  let closed = false;
  return {
    layout,
    boards,
    pins,
    readEntry: (path) => (zip ? zip.read(path) : Promise.reject(new Error('a single-file export has no entries'))),
    close: async () => {
      if (!closed && zip) zip.close();
      closed = true;
    },
  };
}

const IGNORED = (name: string): boolean => name.startsWith('__MACOSX/') || /(^|\/)\._/.test(name) || /(^|\/)\.DS_Store$/.test(name);

async function openZipExport(file: string, limits: ExportLimits): Promise<ExportArchive> {
  const zip = await openZip(file, limits);
  try {
    const layout = await readZip(zip, limits);
    return archive(layout.layout, layout.collector, zip);
  } catch (err) {
    zip.close();
    throw err;
  }
}

async function readZip(zip: OpenZip, limits: ExportLimits): Promise<Read> {
  const names = zip.entries.map((e) => e.name).filter((name) => !IGNORED(name));
  // This product's own export (decision 096): its export.json at the top.
  if (isPinboardExport(names)) {
    const read = await readPinboardExport(names, (path) => zip.read(path), limits.maxPins);
    return { layout: 'pinboard', collector: { finish: () => read } };
  }
  // The export may sit under one top-level folder: look at the top first, then inside that folder.
  const firstParts = new Set(names.map((name) => (name.includes('/') ? name.slice(0, name.indexOf('/') + 1) : '')));
  const roots = firstParts.size === 1 && !firstParts.has('') ? ['', [...firstParts][0]!] : [''];
  const under = (root: string): { name: string; path: string }[] =>
    names.filter((name) => name.startsWith(root)).map((name) => ({ name, path: name.slice(root.length) }));

  for (const root of roots) {
    const read = await readCurrentPages(zip, under(root), limits);
    if (read) return read;
  }
  for (const root of roots) {
    const read = await readOlderPage(zip, under(root), limits);
    if (read) return read;
  }
  for (const root of roots) {
    const read = await readCsvEntry(zip, under(root), limits);
    if (read) return read;
  }
  throw new ExportRejected('unrecognised');
}

type Listed = { name: string; path: string }[];

async function readCurrentPages(zip: OpenZip, relative: Listed, limits: ExportLimits): Promise<Read | null> {
  const pages = relative
    .map((e) => ({ ...e, page: /^pins\/(\d+)\.html?$/i.exec(e.path)?.[1] }))
    .filter((e): e is { name: string; path: string; page: string } => e.page !== undefined)
    .sort((a, b) => Number(a.page) - Number(b.page) || a.path.localeCompare(b.path));
  const hasPinsFolder = relative.some((e) => /^pins\/[^/]+\.html?$/i.test(e.path));
  if (pages.length > 0 || hasPinsFolder) {
    const collector = new ExportCollector(limits.maxPins);
    for (const page of pages) {
      await readPage(decode(await zip.read(page.name)), 'pins', false, collector);
      await yieldToLoop();
    }
    return { layout: 'current', collector };
  }
  return null;
}

async function readOlderPage(zip: OpenZip, relative: Listed, limits: ExportLimits): Promise<Read | null> {
  for (const entry of relative.filter((e) => /^[^/]+\.html?$/i.test(e.path)).slice(0, 10)) {
    const collector = new ExportCollector(limits.maxPins);
    const page = await readPage(decode(await zip.read(entry.name)), 'sections', true, collector);
    if (page.sections.includes('pins')) return { layout: 'older', collector };
    await yieldToLoop();
  }
  return null;
}

async function readCsvEntry(zip: OpenZip, relative: Listed, limits: ExportLimits): Promise<Read | null> {
  const csvs = relative.filter((e) => /^[^/]+\.csv$/i.test(e.path));
  csvs.sort((a, b) => Number(!/(^|\/)pins\.csv$/i.test(a.path)) - Number(!/(^|\/)pins\.csv$/i.test(b.path)));
  for (const entry of csvs.slice(0, 10)) {
    const text = decode(await zip.read(entry.name));
    if (looksLikePinsCsv(text)) {
      const collector = new ExportCollector(limits.maxPins);
      await readPinsCsv(text, collector);
      return { layout: 'legacy_csv', collector };
    }
  }
  return null;
}
