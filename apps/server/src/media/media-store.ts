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
}

/**
 * Media URLs never change content (a new image gets a new random name), so they can be cached
 * for a year and marked immutable. For the route that serves `/media/*`.
 */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
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
  return (
    key.length > 0 &&
    key.length <= 512 &&
    !key.includes('..') &&
    !key.startsWith('/') &&
    KEY_RE.test(key) &&
    contentTypeForKey(key) !== null
  );
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
