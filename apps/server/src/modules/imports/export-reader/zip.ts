import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import type { ExportLimits } from './types';
import { ExportRejected } from './types';

/** An entry's declared sizes. */
interface ZipEntryInfo {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
}

export interface OpenZip {
  entries: ZipEntryInfo[];
  read(name: string): Promise<Buffer>;
  close(): void;
}

/** Above this size an entry's compression ratio is checked: small entries may compress absurdly well and still be harmless. */
const RATIO_CHECKED_FROM = 1024 * 1024;
/** Deflate of real HTML stays far below this; a larger ratio on a big entry is a bomb. */
const MAX_RATIO = 200;

/** A name an archive may hold: relative, no `..`, no backslash, no drive letter, no control characters. */
function unsafeName(name: string): boolean {
  return (
    yauzl.validateFileName(name) != null ||
    name.includes('\\') ||
    name.startsWith('/') ||
    /^[a-zA-Z]:/.test(name) ||
    name.split('/').some((part) => part === '..') ||
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u001f]/.test(name)
  );
}

const openZipFile = (file: string): Promise<yauzl.ZipFile> =>
  new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: false, strictFileNames: true }, (err, zip) =>
      err ? reject(new ExportRejected('corrupt', err.message)) : resolve(zip),
    );
  });

/**
 * Opens a ZIP and checks it before anything is read: entry count, declared total, each entry's
 * ratio, each name. Entries are read later one at a time into memory, never to disk.
 */
export async function openZip(file: string, limits: ExportLimits): Promise<OpenZip> {
  const zip = await openZipFile(file);
  try {
    if (zip.entryCount > limits.maxEntries) throw new ExportRejected('zip_bomb', `${zip.entryCount} entries`);
    const entries = new Map<string, yauzl.Entry>();
    let total = 0;
    await new Promise<void>((resolve, reject) => {
      zip.on('error', (err: Error) => reject(err instanceof ExportRejected ? err : new ExportRejected('corrupt', err.message)));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        try {
          const raw = entry.fileNameRaw;
          const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, entry.extraFields, true);
          if (unsafeName(name)) throw new ExportRejected('unsafe_path', JSON.stringify(name));
          total += entry.uncompressedSize;
          if (total > limits.maxUncompressedBytes) throw new ExportRejected('zip_bomb', `more than ${limits.maxUncompressedBytes} bytes uncompressed`);
          if (entry.uncompressedSize >= RATIO_CHECKED_FROM && entry.uncompressedSize / Math.max(entry.compressedSize, 1) > MAX_RATIO) {
            throw new ExportRejected('zip_bomb', `${name} compressed more than ${MAX_RATIO}:1`);
          }
          if (!name.endsWith('/')) entries.set(name, entry);
          zip.readEntry();
        } catch (err) {
          reject(err);
        }
      });
      zip.readEntry();
    });
    return {
      entries: [...entries].map(([name, e]) => ({ name, compressedSize: e.compressedSize, uncompressedSize: e.uncompressedSize })),
      read: (name) => {
        const entry = entries.get(name);
        if (!entry) return Promise.reject(new Error(`no entry ${JSON.stringify(name)} in the export`));
        return readEntry(zip, entry, name, limits.maxEntryBytes);
      },
      close: () => zip.close(),
    };
  } catch (err) {
    zip.close();
    throw err;
  }
}

/** One entry into memory, stopped as soon as it passes its declared size or the limit. */
async function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, name: string, maxEntryBytes: number): Promise<Buffer> {
  if (entry.uncompressedSize > maxEntryBytes) throw new ExportRejected('too_large', `${name} is ${entry.uncompressedSize} bytes`);
  if (entry.isEncrypted() || !entry.canDecodeFileData()) throw new ExportRejected('corrupt', `${name} cannot be read`);
  const limit = Math.min(entry.uncompressedSize, maxEntryBytes);
  const stream = await new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (err, s) => (err ? reject(new ExportRejected('corrupt', err.message)) : resolve(s))),
  );
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    let done = false;
    const fail = (err: ExportRejected): void => {
      if (done) return;
      done = true;
      stream.destroy();
      reject(err);
    };
    stream.on('data', (chunk: Buffer) => {
      length += chunk.length;
      if (length > limit) return fail(new ExportRejected('zip_bomb', `${name} holds more than its declared ${entry.uncompressedSize} bytes`));
      chunks.push(chunk);
    });
    stream.on('error', (err: Error) => fail(err instanceof ExportRejected ? err : new ExportRejected('corrupt', err.message)));
    stream.on('end', () => {
      if (done) return;
      if (length !== entry.uncompressedSize) return fail(new ExportRejected('corrupt', `${name} is shorter than declared`));
      done = true;
      resolve(Buffer.concat(chunks, length));
    });
  });
}
