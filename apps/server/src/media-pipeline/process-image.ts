/**
 * Image pipeline (docs/product/api-contract.md §6): validate an uploaded/fetched image by its bytes, decode it
 * once, auto-orient, strip all metadata and produce the fixed set of re-encoded variants plus a
 * dominant colour.
 *
 * Shape of the work: header check (~1 ms, no pixels) → one full decode to raw sRGB → in
 * parallel: the `orig` encode, and one downscale to ≤1200 px wide from which the smaller
 * variants and the dominant colour are derived (~1 MP each instead of the full image).
 */
import { availableParallelism, totalmem } from 'node:os';
import { WorkQueue } from '../lib/work-queue';
import sharp, { type FailOnOptions, type JpegOptions, type Metadata, type PngOptions, type Sharp, type SharpOptions } from 'sharp';
import { ImageRejectedError } from './image-errors';
import { sniffImageType, type ImageType } from './sniff-image-type';

// --- sharp / libvips process-wide settings --------------------------------------------------
// concurrency(1): one libvips worker thread per image operation. Parallelism comes from running
// several operations at once on libuv's threadpool (the variants of one upload are encoded
// concurrently, and concurrent uploads run side by side). On a 2-core machine, measured
// concurrency 1 vs 2 for a full 4000×3000 JPEG pipeline: 1 → 0.44–0.51 s per image, 4 images
// at once 1.1–1.3 s; 2 → 0.36–0.47 s, 4 at once 1.0–1.4 s, i.e. within noise (the work is
// already spread over both cores by the parallel encodes), only more threads under load.
// It is also sharp's own default on glibc without jemalloc (less memory fragmentation).
sharp.concurrency(1);
// cache(false): libvips' operation cache only helps when the same input is processed repeatedly;
// every upload is unique, so the cache would just pin up to 50 MB of dead pixel buffers.
sharp.cache(false);

export const DEFAULT_MAX_BYTES = 20 * 1024 * 1024;
export const DEFAULT_MAX_PIXELS = 50_000_000;

const WIDTH_VARIANTS = [
  ['170x', 170],
  ['236x', 236],
  ['474x', 474],
  ['736x', 736],
  ['1200x', 1200],
] as const;

type WidthVariantKey = (typeof WIDTH_VARIANTS)[number][0];
export type ImageVariantKey = WidthVariantKey | 'orig';
/** All keys of a Pin's `images` object, smallest first. */
export const IMAGE_VARIANT_KEYS: readonly ImageVariantKey[] = [...WIDTH_VARIANTS.map(([key]) => key), 'orig'];

type VariantContentType = 'image/jpeg' | 'image/png';
type VariantExt = 'jpg' | 'png';

interface ImageVariant {
  key: ImageVariantKey;
  width: number;
  height: number;
  /**
   * Encoded bytes. Variants that come out identical (an original narrower than several target
   * widths) share the same Buffer instance, so a store can write it once.
   */
  data: Buffer;
  contentType: VariantContentType;
  ext: VariantExt;
}

export interface ProcessedImage {
  /** Size of the re-encoded original (after EXIF auto-orientation). */
  width: number;
  height: number;
  /** `#rrggbb`, lowercase. */
  dominantColor: string;
  /** One entry per key in IMAGE_VARIANT_KEYS order: 170x, 236x, 474x, 736x, 1200x, orig. */
  variants: ImageVariant[];
  /** Detected input container (for logging/metrics; the output format is decided here). */
  sourceType: ImageType;
}

export interface ProcessImageOptions {
  /** Default 20 MiB. Checked before any decoding. */
  maxBytes?: number;
  /** Default 50,000,000. Checked from the header before decoding pixels. */
  maxPixels?: number;
}

/** JPEG settings for the width variants: mozjpeg (trellis, optimised progressive scans). */
const JPEG_VARIANT: JpegOptions = { quality: 85, mozjpeg: true };
/**
 * mozjpeg's trellis quantisation + scan optimisation is ~5-8× slower than plain libjpeg
 * encoding. Measured for a 4000×3000 `orig` on the 2-core box: mozjpeg 0.8–1.5 s (-30–50 %
 * bytes) vs 0.16–0.27 s for progressive + optimised Huffman + the same quant table. The width
 * variants are small (≤1200 px) and are what gets served most, so they always get mozjpeg;
 * `orig` gets it up to this many pixels and the cheaper preset above it.
 */
const ORIG_MOZJPEG_MAX_PIXELS = 4_000_000;
const JPEG_ORIG_LARGE: JpegOptions = {
  quality: 85,
  progressive: true,
  optimiseCoding: true,
  quantisationTable: 3, // same table mozjpeg uses
};
const PNG_ORIG: PngOptions = { compressionLevel: 6, adaptiveFiltering: true };
const WHITE = { r: 255, g: 255, b: 255 };

/**
 * failOn 'error': refuse truncated files and decoder errors (corrupt Huffman data, bad CRCs,
 * …) but tolerate libjpeg/libpng *warnings* such as "extraneous bytes before marker", which
 * plenty of real camera/phone files trigger. 'truncated' (the minimum the contract asks for)
 * would let some broken files through; 'warning' would refuse too many real photos.
 */
const FAIL_ON: FailOnOptions = 'error';

function rejected(reason: ImageRejectedError['reason'], cause?: unknown): ImageRejectedError {
  return new ImageRejectedError(reason, cause === undefined ? undefined : { cause });
}

function isPixelLimitError(err: unknown): boolean {
  return err instanceof Error && /pixel limit/i.test(err.message);
}

interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

function rawInput(img: RawImage): Sharp {
  return sharp(img.data, {
    raw: { width: img.width, height: img.height, channels: img.channels },
    // Already validated; raw input has no header to lie about.
    limitInputPixels: false,
  });
}

async function toRaw(pipeline: Sharp): Promise<RawImage> {
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

const hasAlphaChannel = (img: RawImage): boolean => img.channels === 2 || img.channels === 4;

function isFullyOpaque(img: RawImage): boolean {
  if (!hasAlphaChannel(img)) return true;
  const { data, channels } = img;
  for (let i = channels - 1; i < data.length; i += channels) {
    if (data[i] !== 255) return false;
  }
  return true;
}

function hex2(n: number): string {
  return Math.max(0, Math.min(255, Math.round(n)))
    .toString(16)
    .padStart(2, '0');
}

/**
 * sharp's `stats().dominant` is the centre of the most populated bin of a 16×16×16 RGB
 * histogram (so pure red comes back as #f80808). We use it to pick the bin, then return the
 * mean colour of the pixels that fall in that bin, which is exact for flat colours.
 */
async function dominantColor(small: RawImage): Promise<string> {
  const { dominant } = await rawInput(small).stats();
  const bin = (v: number): number => Math.min(15, Math.floor(v / 16));
  const [br, bg, bb] = [bin(dominant.r), bin(dominant.g), bin(dominant.b)];
  const { data, channels } = small; // 3 channels: flattened sRGB
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  for (let i = 0; i + 2 < data.length; i += channels) {
    const pr = data[i]!;
    const pg = data[i + 1]!;
    const pb = data[i + 2]!;
    if (bin(pr) === br && bin(pg) === bg && bin(pb) === bb) {
      r += pr;
      g += pg;
      b += pb;
      n++;
    }
  }
  if (n === 0) return `#${hex2(dominant.r)}${hex2(dominant.g)}${hex2(dominant.b)}`;
  return `#${hex2(r / n)}${hex2(g / n)}${hex2(b / n)}`;
}

function scaledHeight(width: number, height: number, targetWidth: number): number {
  return Math.max(1, Math.round((height * targetWidth) / width));
}

/**
 * Validates and re-encodes an image. Throws `ImageRejectedError` for anything refused; any
 * other error is a server bug/resource problem.
 */
export async function processImage(buf: Buffer, opts: ProcessImageOptions = {}): Promise<ProcessedImage> {
  return imageWork.run(() => processNow(buf, opts));
}

/** Like processImage, for a caller that already holds a place in `imageWork` (a collage render): never queue twice. */
export const processImageInPlace = (buf: Buffer, opts: ProcessImageOptions = {}) => processNow(buf, opts);

/**
 * Memory one image job may need at its peak: a 50-megapixel image decoded to
 * 8-bit RGB is 150 MB, and its variants and encoders come on top.
 */
export const IMAGE_JOB_MEMORY_BYTES = 384 * 1024 * 1024;

/**
 * Images at once: one per core, and no more than a quarter of the memory the
 * process may use (its cgroup's limit when it has one) allows at
 * IMAGE_JOB_MEMORY_BYTES each; never fewer than one.
 */
export function imageConcurrency(cores: number, memoryBytes: number): number {
  return Math.max(1, Math.min(cores, Math.floor(memoryBytes / 4 / IMAGE_JOB_MEMORY_BYTES)));
}

function usableMemory(): number {
  const constrained = process.constrainedMemory?.() ?? 0;
  // Without a limit Node answers 0 or a huge number; then the machine's memory is the bound.
  return constrained > 0 && constrained < totalmem() ? constrained : totalmem();
}

/**
 * Decoding and encoding images (uploads, fetched images, previews, collage
 * renders) is the costliest work a request can cause: at most
 * imageConcurrency() at once (each uses one libvips thread, above), a few
 * dozen more waiting, and 503 with Retry-After past that, so a burst of
 * uploads queues instead of exhausting memory.
 */
export const imageWork = new WorkQueue({
  concurrency: imageConcurrency(availableParallelism(), usableMemory()),
  maxWaiting: 32,
  maxWaitMs: 30_000,
  what: 'imageProcessing',
});

async function processNow(buf: Buffer, opts: ProcessImageOptions): Promise<ProcessedImage> {
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxPixels = opts.maxPixels ?? DEFAULT_MAX_PIXELS;

  // 1. Cheap checks on the bytes, before any decoder sees them.
  if (buf.length === 0) throw rejected('empty');
  if (buf.length > maxBytes) throw rejected('too_large');
  const sourceType = sniffImageType(buf);
  if (sourceType === null) throw rejected('unsupported_type');

  // Shared input options. `pages: 1` = first frame only: an animated GIF (or animated WebP)
  // becomes a still of its first frame. Pins show still images; keeping animation would mean
  // GIF/animated-WebP variants, many times the CPU and bytes, and no usable og:image.
  // `limitInputPixels` makes libvips itself refuse a header over the limit, so even if our
  // metadata check below were bypassed by a header that lies, the decoder never allocates
  // more than maxPixels worth of pixels.
  const inputOptions: SharpOptions = {
    limitInputPixels: maxPixels,
    failOn: FAIL_ON,
    pages: 1,
    // sequentialRead is sharp's default: streaming decode, lower peak memory.
  };

  // 2. Header only: dimensions and real container format. No pixel data is decoded here.
  let meta: Metadata;
  try {
    meta = await sharp(buf, inputOptions).metadata();
  } catch (err) {
    throw rejected(isPixelLimitError(err) ? 'too_many_pixels' : 'corrupt', err);
  }
  // libvips detects the format by magic bytes too; a disagreement means something odd.
  if (meta.format !== sourceType) throw rejected('unsupported_type');
  const frameHeight = meta.pageHeight ?? meta.height;
  if (!(meta.width > 0) || !(frameHeight > 0)) throw rejected('corrupt');
  if (meta.width * frameHeight > maxPixels) throw rejected('too_many_pixels');

  // 3. Decode fully, exactly once, into raw sRGB pixels: auto-orient by EXIF, convert from any
  //    embedded ICC profile / CMYK / 16-bit to 8-bit sRGB. Raw pixels carry no metadata at all,
  //    so everything encoded from them is metadata-free by construction (and sharp strips
  //    metadata on output by default anyway: no withMetadata/keepExif/keepIccProfile here).
  let full: RawImage;
  try {
    full = await toRaw(sharp(buf, { ...inputOptions, autoOrient: true }).toColourspace('srgb'));
  } catch (err) {
    throw rejected(isPixelLimitError(err) ? 'too_many_pixels' : 'corrupt', err);
  }
  if (full.width * full.height > maxPixels) throw rejected('too_many_pixels');

  // Alpha handling: an alpha channel that is fully opaque is dropped (→ JPEG). Real
  // transparency keeps `orig` as PNG (whatever the input container: PNG, WebP or GIF), while
  // the width variants are JPEG flattened onto white, which is what the grid shows anyway.
  const transparent = !isFullyOpaque(full);
  const origIsPng = transparent;
  const { width, height } = full;

  try {
    // Base for everything JPEG: alpha (if any) flattened onto white, exactly 3 sRGB channels.
    const flatBase = (): Sharp => {
      const p = rawInput(full);
      return hasAlphaChannel(full) ? p.flatten({ background: WHITE }) : p;
    };
    const jpegBase = (): Sharp => flatBase().toColourspace('srgb');

    const origPromise: Promise<Buffer> = origIsPng
      ? rawInput(full).png(PNG_ORIG).toBuffer()
      : jpegBase()
          .jpeg(width * height <= ORIG_MOZJPEG_MAX_PIXELS ? JPEG_VARIANT : JPEG_ORIG_LARGE)
          .toBuffer();

    // One big downscale to the largest variant width; everything smaller is derived from that
    // (~1 MP instead of re-reading the full image five times).
    const largestWidth = Math.min(width, WIDTH_VARIANTS[WIDTH_VARIANTS.length - 1]![1]);
    const midPromise: Promise<RawImage> =
      largestWidth === width && full.channels === 3
        ? Promise.resolve(full)
        : toRaw(
            largestWidth === width
              ? jpegBase()
              : jpegBase().resize(largestWidth, scaledHeight(width, height, largestWidth), {
                  fit: 'fill',
                  kernel: 'lanczos3',
                }),
          );

    // Full-size JPEG rendition (for variants when the original is narrower than their target).
    // Same Buffer as `orig` when orig is a JPEG below the mozjpeg threshold; else encoded once.
    let fullJpeg: Promise<Buffer> | undefined;
    const fullSizeJpeg = (mid: RawImage): Promise<Buffer> =>
      (fullJpeg ??= !origIsPng && width * height <= ORIG_MOZJPEG_MAX_PIXELS ? origPromise : rawInput(mid).jpeg(JPEG_VARIANT).toBuffer());

    // Every promise below is created synchronously and handed to Promise.all at once, so a
    // failing encode can never surface as an unhandled rejection while another is awaited.
    const variantPromises = WIDTH_VARIANTS.map(async ([key, target]): Promise<ImageVariant> => {
      const mid = await midPromise;
      const w = Math.min(target, width);
      const h = w === width ? height : scaledHeight(width, height, w);
      let data: Buffer;
      if (w === width) {
        data = await fullSizeJpeg(mid);
      } else if (w === mid.width) {
        data = await rawInput(mid).jpeg(JPEG_VARIANT).toBuffer();
      } else {
        data = await rawInput(mid).resize(w, h, { fit: 'fill', kernel: 'lanczos3' }).jpeg(JPEG_VARIANT).toBuffer();
      }
      return { key, width: w, height: h, data, contentType: 'image/jpeg', ext: 'jpg' };
    });

    // Dominant colour from a thumbnail (≤64 px) of the flattened image, i.e. of what is shown.
    const dominantPromise = midPromise
      .then((mid) => toRaw(rawInput(mid).resize(64, 64, { fit: 'inside', withoutEnlargement: true, kernel: 'cubic' })))
      .then(dominantColor);

    const [origData, variants, dominant] = await Promise.all([origPromise, Promise.all(variantPromises), dominantPromise]);

    variants.push({
      key: 'orig',
      width,
      height,
      data: origData,
      contentType: origIsPng ? 'image/png' : 'image/jpeg',
      ext: origIsPng ? 'png' : 'jpg',
    });

    return { width, height, dominantColor: dominant, variants, sourceType };
  } catch (err) {
    // The input was fully decoded above, so a failure here is ours (e.g. out of memory),
    // not a bad upload: let it surface as a 500.
    throw err instanceof ImageRejectedError ? err : new Error('Image encoding failed', { cause: err });
  }
}
