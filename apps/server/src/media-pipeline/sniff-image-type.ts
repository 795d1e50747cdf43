export type ImageType = 'jpeg' | 'png' | 'webp' | 'gif';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;

function startsWith(buf: Uint8Array, bytes: readonly number[], offset = 0): boolean {
  if (buf.length < offset + bytes.length) return false;
  for (let i = 0; i < bytes.length; i++) {
    if (buf[offset + i] !== bytes[i]) return false;
  }
  return true;
}

function ascii(s: string): number[] {
  return Array.from(s, (c) => c.charCodeAt(0));
}

const GIF87A = ascii('GIF87a');
const GIF89A = ascii('GIF89a');
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');

/**
 * Identifies an image by its magic bytes only. File names and declared MIME types are never
 * consulted: an HTML page or SVG named `photo.jpg` is `null` here.
 */
export function sniffImageType(buf: Uint8Array): ImageType | null {
  // JPEG: SOI marker followed by the start of another marker.
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(buf, PNG_SIGNATURE)) return 'png';
  if (startsWith(buf, GIF87A) || startsWith(buf, GIF89A)) return 'gif';
  // WebP: "RIFF" <u32 size> "WEBP"
  if (startsWith(buf, RIFF) && startsWith(buf, WEBP, 8)) return 'webp';
  return null;
}
