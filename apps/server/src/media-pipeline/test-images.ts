/**
 * Locally generated images for tests, benchmarks and the demo-content seeder. Nothing is
 * downloaded: pixels are computed here and encoded by sharp.
 */
import { crc32 } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import { seededRandom } from '../lib/seeded-random';

export type TestImageFormat = 'jpeg' | 'png' | 'webp' | 'gif';

export interface TestImageOptions {
  width: number;
  height: number;
  format: TestImageFormat;
  /** `#rrggbb`: a solid fill of this colour instead of a pattern. */
  color?: string;
  /**
   * Varies palette and pattern deterministically (same seed + size = same pixels).
   * Default 0.
   */
  seed?: number;
  /** Add an alpha channel with a transparent border (ignored for JPEG). */
  alpha?: boolean;
  /** Add fine film-grain noise (default true for patterns) so files compress like photos. */
  grain?: boolean;
  /** Encoder quality for JPEG/WebP (default 90). */
  quality?: number;
}

/** mulberry32 (lib/seeded-random), its seed offset as these pictures were first drawn. */
const prng = (seed: number): (() => number) => seededRandom(seed + 0x6d2b79f5);

type Rgb = [number, number, number];

function hslToRgb(h: number, s: number, l: number): Rgb {
  const hue = ((h % 1) + 1) % 1;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number): number => {
    const k = (n + hue * 12) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

export function parseHexColor(color: string): Rgb {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (!m) throw new Error(`Invalid colour ${JSON.stringify(color)}; expected #rrggbb`);
  return [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)];
}

const mix = (a: number, b: number, t: number): number => a + (b - a) * t;
const smooth = (t: number): number => {
  const c = t < 0 ? 0 : t > 1 ? 1 : t;
  return c * c * (3 - 2 * c);
};

/** Number of distinct pattern kinds `seed` cycles through. */
const TEST_PATTERN_COUNT = 5;

/**
 * Returns raw RGB(A) pixels. Coordinates are normalised so the pattern looks the same at any
 * size, and the circle-ish shapes are scaled by the short side so any aspect ratio works.
 */
function renderPattern(width: number, height: number, seed: number, alpha: boolean, grain: boolean): Buffer {
  const rnd = prng(seed * 7919 + 17);
  const channels = alpha ? 4 : 3;
  const out = Buffer.allocUnsafe(width * height * channels);
  const kind = ((Math.floor(seed) % TEST_PATTERN_COUNT) + TEST_PATTERN_COUNT) % TEST_PATTERN_COUNT;

  const baseHue = rnd();
  const hueSpread = 0.08 + rnd() * 0.35;
  const palette: Rgb[] = [
    hslToRgb(baseHue, 0.55 + rnd() * 0.3, 0.45 + rnd() * 0.2),
    hslToRgb(baseHue + hueSpread, 0.6 + rnd() * 0.3, 0.55 + rnd() * 0.2),
    hslToRgb(baseHue + hueSpread * 2, 0.5 + rnd() * 0.4, 0.65 + rnd() * 0.2),
  ];
  const [c0, c1, c2] = palette as [Rgb, Rgb, Rgb];
  const angle = rnd() * Math.PI * 2;
  const ca = Math.cos(angle);
  const sa = Math.sin(angle);
  const freq = 3 + Math.floor(rnd() * 8);
  const blobs = Array.from({ length: 3 + Math.floor(rnd() * 4) }, () => ({
    x: rnd(),
    y: rnd(),
    r: 0.15 + rnd() * 0.35,
    c: palette[Math.floor(rnd() * 3)] ?? c1,
  }));
  const sun = { x: 0.25 + rnd() * 0.5, y: 0.3 + rnd() * 0.25, r: 0.12 + rnd() * 0.1 };
  const short = Math.min(width, height);
  const noise = prng(seed * 31 + 5);

  let o = 0;
  for (let y = 0; y < height; y++) {
    const ny = y / Math.max(1, height - 1);
    const sy = (y - height / 2) / short;
    for (let x = 0; x < width; x++) {
      const nx = x / Math.max(1, width - 1);
      const sx = (x - width / 2) / short;
      let r: number;
      let g: number;
      let b: number;
      switch (kind) {
        case 0: {
          // Diagonal gradient with soft waves.
          const t = smooth(0.5 + (sx * ca + sy * sa) * 0.8 + 0.08 * Math.sin(freq * (sx * sa - sy * ca)));
          r = mix(c0[0], c1[0], t);
          g = mix(c0[1], c1[1], t);
          b = mix(c0[2], c1[2], t);
          break;
        }
        case 1: {
          // Soft overlapping blobs on a pale background.
          r = c2[0];
          g = c2[1];
          b = c2[2];
          for (const bl of blobs) {
            const dx = (nx - bl.x) * (width / short);
            const dy = (ny - bl.y) * (height / short);
            const t = 1 - smooth(Math.sqrt(dx * dx + dy * dy) / bl.r);
            r = mix(r, bl.c[0], t * 0.85);
            g = mix(g, bl.c[1], t * 0.85);
            b = mix(b, bl.c[2], t * 0.85);
          }
          break;
        }
        case 2: {
          // Rotated stripes, antialiased.
          const s = 0.5 + 0.5 * Math.sin((sx * ca + sy * sa) * freq * Math.PI);
          const t = smooth((s - 0.35) / 0.3);
          r = mix(c0[0], c2[0], t);
          g = mix(c0[1], c2[1], t);
          b = mix(c0[2], c2[2], t);
          break;
        }
        case 3: {
          // Concentric rings.
          const d = Math.sqrt(sx * sx + sy * sy);
          const t = smooth(0.5 + 0.5 * Math.cos(d * freq * 4));
          const u = smooth(d * 1.4);
          r = mix(mix(c1[0], c0[0], t), c2[0], u * 0.5);
          g = mix(mix(c1[1], c0[1], t), c2[1], u * 0.5);
          b = mix(mix(c1[2], c0[2], t), c2[2], u * 0.5);
          break;
        }
        default: {
          // "Sunset": vertical sky gradient, a sun, and a hill line.
          const sky = smooth(ny * 1.2);
          r = mix(c2[0], c0[0], sky);
          g = mix(c2[1], c0[1], sky);
          b = mix(c2[2], c0[2], sky);
          const dx = (nx - sun.x) * (width / short);
          const dy = (ny - sun.y) * (height / short);
          const st = 1 - smooth((Math.sqrt(dx * dx + dy * dy) - sun.r) / 0.01 + 0.5);
          r = mix(r, 255, st * 0.9);
          g = mix(g, 240, st * 0.9);
          b = mix(b, 200, st * 0.9);
          const hill = 0.7 + 0.06 * Math.sin(nx * freq + angle) + 0.03 * Math.sin(nx * freq * 3.1);
          const ht = smooth((ny - hill) / 0.004 + 0.5);
          r = mix(r, c1[0] * 0.45, ht);
          g = mix(g, c1[1] * 0.45, ht);
          b = mix(b, c1[2] * 0.45, ht);
        }
      }
      if (grain) {
        const n = (noise() - 0.5) * 14;
        r += n;
        g += n;
        b += n;
      }
      out[o++] = r < 0 ? 0 : r > 255 ? 255 : r;
      out[o++] = g < 0 ? 0 : g > 255 ? 255 : g;
      out[o++] = b < 0 ? 0 : b > 255 ? 255 : b;
      if (alpha) {
        // Opaque rounded centre, transparent border.
        const e = Math.max(Math.abs(nx - 0.5), Math.abs(ny - 0.5));
        out[o++] = Math.round(255 * (1 - smooth((e - 0.38) / 0.08)));
      }
    }
  }
  return out;
}

function encode(img: Sharp, format: TestImageFormat, quality: number): Promise<Buffer> {
  switch (format) {
    case 'jpeg':
      return img.jpeg({ quality }).toBuffer();
    case 'png':
      return img.png().toBuffer();
    case 'webp':
      return img.webp({ quality }).toBuffer();
    case 'gif':
      return img.gif().toBuffer();
  }
}

/** Generates an image of exactly `width`×`height` in the requested container format. */
export async function makeTestImage(opts: TestImageOptions): Promise<Buffer> {
  const { width, height, format } = opts;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new Error(`Invalid test image size ${width}x${height}`);
  }
  const alpha = (opts.alpha ?? false) && format !== 'jpeg';
  const quality = opts.quality ?? 90;
  let img: Sharp;
  if (opts.color !== undefined) {
    const [r, g, b] = parseHexColor(opts.color);
    img = sharp({
      create: { width, height, channels: alpha ? 4 : 3, background: { r, g, b, alpha: alpha ? 0.5 : 1 } },
    });
  } else {
    const raw = renderPattern(width, height, opts.seed ?? 0, alpha, opts.grain ?? true);
    img = sharp(raw, { raw: { width, height, channels: alpha ? 4 : 3 } });
  }
  return encode(img, format, quality);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData) >>> 0);
  return Buffer.concat([len, typeAndData, crc]);
}

/**
 * A PNG whose IHDR (with a correct CRC) declares `width`×`height` but which carries no pixel
 * data — a "decompression bomb" header. Decoding it must be refused from the header alone.
 */
export function makePngHeaderOnly(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: truecolour RGB
  ihdr[10] = 0; // compression
  ihdr[11] = 0; // filter
  ihdr[12] = 0; // interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])), // empty zlib stream
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An animated GIF of `frames` frames (each the test pattern of another seed), looping, 100 ms a frame. */
export async function makeAnimatedGif(opts: { width: number; height: number; frames: number }): Promise<Buffer> {
  const { width, height, frames } = opts;
  const raw = Buffer.concat(Array.from({ length: frames }, (_, i) => renderPattern(width, height, i, false, false)));
  return sharp(raw, { raw: { width, height: height * frames, channels: 3, pageHeight: height } })
    .gif({ loop: 0, delay: Array.from({ length: frames }, () => 100) })
    .toBuffer();
}
