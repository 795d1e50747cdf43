/**
 * Blob storage for processed images. Keys are relative paths made by the server (see
 * `storeImage`), e.g. `ab/cd/abcd…ef_236x.jpg`; stored objects are immutable once written.
 */
export interface StoredObject {
  data: Buffer;
  contentType: string;
  /** When it was written, where the store knows (Last-Modified). */
  modifiedAt?: Date;
}

export interface MediaStore {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** `null` when there is no such object (or the key is not a valid media key). */
  get(key: string): Promise<StoredObject | null>;
  /** Deletes the given keys; keys that do not exist are ignored. */
  delete(keys: string[]): Promise<void>;
  /** Stores a file's contents under `key` without reading it all into memory (videos). */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** Copies a stored object into a local file (a video's source, for transcoding); false when there is none. */
  getToFile(key: string, file: string): Promise<boolean>;
  /** Size and a reader of byte ranges, for serving large objects in parts; `null` when there is none. */
  openRead(key: string): Promise<StoredReader | null>;
}

export interface StoredReader {
  size: number;
  contentType: string;
  modifiedAt?: Date;
  /** The bytes from `start` to `end`, both inclusive. */
  stream(start: number, end: number): NodeJS.ReadableStream;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  mp4: 'video/mp4',
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  // A video Pin's captions (WebVTT).
  vtt: 'text/vtt; charset=utf-8',
  // A video's upload, kept until it is transcoded; never served (no media base matches it).
  src: 'application/octet-stream',
  // A data export's ZIP (decision 096); never served from /media (no media base matches it), only by its owner's download.
  zip: 'application/zip',
};

/** Content type for a media key by its extension, or `null` if the extension is not served. */
export function contentTypeForKey(key: string): string | null {
  const dot = key.lastIndexOf('.');
  if (dot < 0 || dot < key.lastIndexOf('/')) return null;
  return CONTENT_TYPES[key.slice(dot + 1).toLowerCase()] ?? null;
}

const KEY_RE = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*(?:\/[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*)*$/;

/**
 * A media key is a relative path of `/`-separated segments made of `[A-Za-z0-9_-]` and single
 * dots, with a known image extension. This refuses `..` anywhere, absolute paths, backslashes,
 * empty segments, NUL bytes, dot-files and percent-encoding, whatever platform we run on.
 */
export function isValidMediaKey(key: string): boolean {
  return key.length > 0 && key.length <= 512 && !key.includes('..') && !key.startsWith('/') && KEY_RE.test(key) && contentTypeForKey(key) !== null;
}

export class InvalidMediaKeyError extends Error {
  constructor(key: string) {
    super(`Invalid media key ${JSON.stringify(key.slice(0, 100))}`);
    this.name = 'InvalidMediaKeyError';
  }
}

export function assertValidMediaKey(key: string): void {
  if (!isValidMediaKey(key)) throw new InvalidMediaKeyError(key);
}
