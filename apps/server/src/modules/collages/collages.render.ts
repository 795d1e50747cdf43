/**
 * Draws a collage: each layer's source image, read from the media store (the
 * Pin's stored variant just large enough, never fetched from the network),
 * fitted to its box, turned about its centre, and laid on a white canvas,
 * bottom layer first. The result goes through the image pipeline like any
 * upload.
 */
import { COLLAGE_BACKGROUND, COLLAGE_CANVAS } from '@pinboard/shared/constants/collages';
import type { TCollageLayer } from '@pinboard/shared/schemas/collages';
import sharp, { type OverlayOptions } from 'sharp';
import type { MediaStore } from '../../media-pipeline/media-store';
import type { ImageVariant } from '../../kernel';

const VARIANTS_SMALLEST_FIRST = ['170x', '236x', '474x', '736x', '1200x', 'orig'] as const;

/** The smallest stored variant at least as wide as the box (else the original). */
function variantFor(images: Record<string, ImageVariant>, boxWidth: number): ImageVariant {
  for (const key of VARIANTS_SMALLEST_FIRST) {
    const variant = images[key];
    if (variant && variant.width >= boxWidth) return variant;
  }
  const orig = images.orig ?? Object.values(images).at(-1);
  if (!orig) throw new Error('The source Pin has no stored image.');
  return orig;
}

export interface LayerSource {
  layer: TCollageLayer;
  images: Record<string, ImageVariant>;
}

async function drawLayer(media: MediaStore, { layer, images }: LayerSource): Promise<OverlayOptions | null> {
  const variant = variantFor(images, layer.width);
  const file = await media.get(variant.url.replace(/^\/media\//, ''));
  if (!file) throw new Error(`A source image is missing from the media store: ${variant.url}`);
  const fitted = await sharp(file.data).resize(layer.width, layer.height, { fit: 'cover' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  let pixels = sharp(fitted.data, { raw: fitted.info });
  let width = fitted.info.width;
  let height = fitted.info.height;
  if (layer.rotation % 360 !== 0) {
    const turned = await pixels
      .rotate(layer.rotation, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .raw()
      .toBuffer({ resolveWithObject: true });
    pixels = sharp(turned.data, { raw: turned.info });
    width = turned.info.width;
    height = turned.info.height;
  }
  // The turned box keeps its centre; keep only the part on the canvas.
  const left = Math.round(layer.x + layer.width / 2 - width / 2);
  const top = Math.round(layer.y + layer.height / 2 - height / 2);
  const cropLeft = Math.max(0, -left);
  const cropTop = Math.max(0, -top);
  const visibleWidth = Math.min(width, COLLAGE_CANVAS.width - left) - cropLeft;
  const visibleHeight = Math.min(height, COLLAGE_CANVAS.height - top) - cropTop;
  if (visibleWidth <= 0 || visibleHeight <= 0) return null;
  const input = await pixels.extract({ left: cropLeft, top: cropTop, width: visibleWidth, height: visibleHeight }).png({ compressionLevel: 0 }).toBuffer();
  return { input, left: left + cropLeft, top: top + cropTop };
}

/** The collage as a JPEG of the whole canvas. */
export async function renderCollage(media: MediaStore, sources: readonly LayerSource[]): Promise<Buffer> {
  const overlays: OverlayOptions[] = [];
  for (const source of sources) {
    const overlay = await drawLayer(media, source);
    if (overlay) overlays.push(overlay);
  }
  return sharp({ create: { width: COLLAGE_CANVAS.width, height: COLLAGE_CANVAS.height, channels: 3, background: COLLAGE_BACKGROUND } })
    .composite(overlays)
    .jpeg({ quality: 92 })
    .toBuffer();
}
