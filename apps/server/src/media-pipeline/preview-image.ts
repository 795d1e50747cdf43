/**
 * A small still preview of an image from another site, for the Pin builder's
 * image choice. The bytes are checked like any image (type by bytes, size,
 * pixel count), decoded and re-encoded as a metadata-free WebP no wider than
 * PREVIEW_WIDTH, so whatever the other site sent never reaches the browser
 * as it was.
 */
import sharp from 'sharp';
import { ImageRejectedError } from './image-errors';
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_PIXELS, imageWork } from './process-image';
import { sniffImageType } from './sniff-image-type';

const PREVIEW_WIDTH = 236;
export const PREVIEW_CONTENT_TYPE = 'image/webp';

export interface PreviewImage {
  data: Buffer;
  width: number;
  height: number;
}

export async function makePreviewImage(buf: Buffer): Promise<PreviewImage> {
  if (buf.length === 0) throw new ImageRejectedError('empty');
  if (buf.length > DEFAULT_MAX_BYTES) throw new ImageRejectedError('too_large');
  const type = sniffImageType(buf);
  if (type === null) throw new ImageRejectedError('unsupported_type');
  // Decoding waits for its turn in the same bounded queue as every other image.
  return imageWork.run(() => decodePreview(buf));
}

async function decodePreview(buf: Buffer): Promise<PreviewImage> {
  try {
    const { data, info } = await sharp(buf, { limitInputPixels: DEFAULT_MAX_PIXELS, failOn: 'error', pages: 1, autoOrient: true })
      .resize({ width: PREVIEW_WIDTH, withoutEnlargement: true })
      .toColourspace('srgb')
      .webp({ quality: 75 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (err) {
    const pixels = err instanceof Error && /pixel limit/i.test(err.message);
    throw new ImageRejectedError(pixels ? 'too_many_pixels' : 'corrupt', { cause: err });
  }
}
