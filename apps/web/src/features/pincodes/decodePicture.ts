/**
 * Reads a QR code from pixels with jsQR (loaded with the scanner's chunk only).
 * A large picture is drawn at most 1,024 pixels wide first: enough for a code
 * that fills a fair part of it, and bounded work on the main thread.
 */
import jsQR from 'jsqr';

const MAX_SIDE = 1024;

/** The code's text in a drawable source (an image bitmap or a video frame), or null. */
export function decodeDrawable(source: CanvasImageSource, width: number, height: number): string | null {
  if (!width || !height) return null;
  const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(source, 0, 0, w, h);
  const { data } = context.getImageData(0, 0, w, h);
  return jsQR(data, w, h, { inversionAttempts: 'attemptBoth' })?.data ?? null;
}

/** The code's text in a picture file, or null when there is none (or the file is not a picture). */
export async function decodePictureFile(file: Blob): Promise<string | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return null;
  }
  try {
    return decodeDrawable(bitmap, bitmap.width, bitmap.height);
  } finally {
    bitmap.close();
  }
}
