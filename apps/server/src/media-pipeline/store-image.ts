import { randomBytes } from 'node:crypto';
import type { MediaStore } from './media-store';
import { IMAGE_VARIANT_KEYS, type ImageVariantKey, type ProcessedImage } from './process-image';

interface PinImage {
  url: string;
  width: number;
  height: number;
}

export interface PinImages {
  /** A Pin's `images` object minus `dominant_color` (the API layer adds that one). */
  images: Record<ImageVariantKey, PinImage>;
  /** `#rrggbb` */
  dominantColor: string;
  /** Size of `orig`. */
  width: number;
  height: number;
  /**
   * The part of every key before `_<variant>.<ext>`: `ab/cd/<32 hex>`. Store it with the Pin
   * (`media_base`); `mediaBaseFromKey` maps a requested media key back to it.
   */
  base: string;
  /** Every media-store key written, so the caller can delete them if a later step fails. */
  keys: string[];
}

const MEDIA_KEY_RE =
  /^(([0-9a-f]{2})\/([0-9a-f]{2})\/([0-9a-f]{32}))_(?:(?:170x|236x|474x|736x|1200x|orig)\.(?:jpg|png)|720p\.mp4|gif\.mp4|cc[0-9a-f]{8}\.vtt|hlsv[34]\.m3u8|hls(?:720|360)\.m3u8|hls(?:720|360)_\d{5}\.ts)$/;

/**
 * `PinImages.base` of a key written by `storeImage`: `ab/cd/abcd…_236x.jpg` → `ab/cd/abcd…`;
 * `null` for anything that is not such a key. Takes the key without the URL prefix.
 */
/** A fresh media base (`ab/cd/<32 hex>`) and its name, for media written in several steps (a video's poster, then its renditions). */
export function newMediaBase() {
  const name = randomBytes(16).toString('hex');
  return { name, base: `${name.slice(0, 2)}/${name.slice(2, 4)}/${name}` };
}

export function mediaBaseFromKey(key: string): string | null {
  const m = MEDIA_KEY_RE.exec(key);
  if (!m) return null;
  const [, base, d1, d2, name] = m;
  return name !== undefined && name.startsWith(`${d1}${d2}`) ? (base ?? null) : null;
}

/**
 * Writes all variants of a processed image under one fresh random name:
 * `<h[0..2]>/<h[2..4]>/<h>_<variant>.<ext>` with h = 32 hex chars (crypto random), and returns
 * the URLs (`urlPrefix` + key).
 *
 * Variants that are byte-for-byte the same Buffer (an original narrower than some target
 * widths) are written once and share a URL. If any write fails, whatever was written is
 * deleted (best effort) and the error is rethrown.
 */
export async function storeImage(
  store: MediaStore,
  processed: ProcessedImage,
  urlPrefix = '/media/',
  name = randomBytes(16).toString('hex'),
): Promise<PinImages> {
  const base = `${name.slice(0, 2)}/${name.slice(2, 4)}/${name}`;

  const keyByData = new Map<Buffer, string>();
  const writes: Array<{ key: string; data: Buffer; contentType: string }> = [];
  const images: Partial<Record<ImageVariantKey, PinImage>> = {};

  for (const v of processed.variants) {
    let key = keyByData.get(v.data);
    if (key === undefined) {
      key = `${base}_${v.key}.${v.ext}`;
      keyByData.set(v.data, key);
      writes.push({ key, data: v.data, contentType: v.contentType });
    }
    images[v.key] = { url: `${urlPrefix}${key}`, width: v.width, height: v.height };
  }

  const missing = IMAGE_VARIANT_KEYS.filter((k) => images[k] === undefined);
  if (missing.length > 0) throw new Error(`Processed image lacks variants: ${missing.join(', ')}`);

  const keys = writes.map((w) => w.key);
  const results = await Promise.allSettled(writes.map((w) => store.put(w.key, w.data, w.contentType)));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await store.delete(keys).catch(() => undefined);
    throw failed.reason;
  }

  return {
    images: images as Record<ImageVariantKey, PinImage>,
    dominantColor: processed.dominantColor,
    width: processed.width,
    height: processed.height,
    base,
    keys,
  };
}
