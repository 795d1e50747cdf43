import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ImageRejectedError, type ImageRejectionReason } from './image-errors';
import { IMAGE_VARIANT_KEYS, processImage, type ProcessImageOptions, type ProcessedImage } from './process-image';
import { sniffImageType } from './sniff-image-type';
import { makePngHeaderOnly, makeTestImage, parseHexColor } from './test-images';

async function expectRejected(input: Buffer, reason: ImageRejectionReason, opts?: ProcessImageOptions): Promise<ImageRejectedError> {
  const err: unknown = await processImage(input, opts).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ImageRejectedError);
  const rejected = err as ImageRejectedError;
  expect(rejected.reason).toBe(reason);
  return rejected;
}

function variant(p: ProcessedImage, key: string) {
  const v = p.variants.find((x) => x.key === key);
  if (!v) throw new Error(`no variant ${key}`);
  return v;
}

/** Each variant's bytes decode to the declared format and size, with no metadata left. */
async function expectCleanVariants(p: ProcessedImage): Promise<void> {
  expect(p.variants.map((v) => v.key)).toEqual(IMAGE_VARIANT_KEYS);
  for (const v of p.variants) {
    const meta = await sharp(v.data).metadata();
    expect(meta.format).toBe(v.ext === 'jpg' ? 'jpeg' : 'png');
    expect(v.contentType).toBe(v.ext === 'jpg' ? 'image/jpeg' : 'image/png');
    expect([meta.width, meta.height]).toEqual([v.width, v.height]);
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(meta.comments).toBeUndefined();
  }
  expect(p.dominantColor).toMatch(/^#[0-9a-f]{6}$/);
}

const sizes = (p: ProcessedImage) => Object.fromEntries(p.variants.map((v) => [v.key, `${v.width}x${v.height}`]));

describe('sniffImageType', () => {
  it('recognises the four formats by magic bytes', async () => {
    for (const format of ['jpeg', 'png', 'webp', 'gif'] as const) {
      expect(sniffImageType(await makeTestImage({ width: 8, height: 8, format }))).toBe(format);
    }
  });

  it('rejects everything else', () => {
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
    expect(sniffImageType(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(sniffImageType(Buffer.from('<html><body>hi</body></html>'))).toBeNull();
    expect(sniffImageType(Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
    expect(sniffImageType(Buffer.from('GIF90a'))).toBeNull();
    expect(sniffImageType(Buffer.from('%PDF-1.7'))).toBeNull();
  });
});

describe('processImage: accepted images', () => {
  it('JPEG 1000×500: variant widths capped at the original, heights proportional', async () => {
    const p = await processImage(await makeTestImage({ width: 1000, height: 500, format: 'jpeg', seed: 1 }));
    expect([p.width, p.height, p.sourceType]).toEqual([1000, 500, 'jpeg']);
    expect(sizes(p)).toEqual({
      '170x': '170x85',
      '236x': '236x118',
      '474x': '474x237',
      '736x': '736x368',
      '1200x': '1000x500',
      orig: '1000x500',
    });
    for (const v of p.variants) expect(v.ext).toBe('jpg');
    await expectCleanVariants(p);
  });

  it('PNG without transparency becomes JPEG', async () => {
    const p = await processImage(await makeTestImage({ width: 300, height: 900, format: 'png', seed: 2 }));
    expect(sizes(p)).toEqual({
      '170x': '170x510',
      '236x': '236x708',
      '474x': '300x900',
      '736x': '300x900',
      '1200x': '300x900',
      orig: '300x900',
    });
    expect(variant(p, 'orig').ext).toBe('jpg');
    await expectCleanVariants(p);
  });

  it('PNG with transparency keeps a PNG orig with alpha; width variants are JPEG on white', async () => {
    const p = await processImage(await makeTestImage({ width: 400, height: 300, format: 'png', seed: 3, alpha: true }));
    const orig = variant(p, 'orig');
    expect(orig.ext).toBe('png');
    expect((await sharp(orig.data).metadata()).hasAlpha).toBe(true);
    expect(variant(p, '236x').ext).toBe('jpg');
    // The transparent corner is white in the JPEG variants.
    const { data } = await sharp(variant(p, '236x').data).raw().toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]].every((c) => c !== undefined && c > 245)).toBe(true);
    await expectCleanVariants(p);
  });

  it('WebP', async () => {
    const p = await processImage(await makeTestImage({ width: 800, height: 600, format: 'webp', seed: 4 }));
    expect(p.sourceType).toBe('webp');
    expect(sizes(p)).toMatchObject({ '236x': '236x177', '736x': '736x552', orig: '800x600' });
    await expectCleanVariants(p);
  });

  it('GIF', async () => {
    const p = await processImage(await makeTestImage({ width: 500, height: 250, format: 'gif', seed: 5 }));
    expect(p.sourceType).toBe('gif');
    expect(sizes(p)).toMatchObject({ '236x': '236x118', '474x': '474x237', '736x': '500x250', orig: '500x250' });
    await expectCleanVariants(p);
  });

  it('animated GIF becomes a still of its first frame', async () => {
    const w = 120;
    const h = 90;
    const frames = 3;
    const raw = Buffer.alloc(w * h * frames * 3);
    // Frame 0 red, 1 green, 2 blue.
    for (let f = 0; f < frames; f++) {
      for (let i = 0; i < w * h; i++) raw[(f * w * h + i) * 3 + f] = 255;
    }
    const gif = await sharp(raw, { raw: { width: w, height: h * frames, channels: 3, pageHeight: h } })
      .gif()
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(frames);
    const p = await processImage(gif);
    expect([p.width, p.height]).toEqual([w, h]);
    expect(variant(p, 'orig').ext).toBe('jpg');
    const [r, g, b] = parseHexColor(p.dominantColor);
    expect(r).toBeGreaterThan(230);
    expect(g).toBeLessThan(25);
    expect(b).toBeLessThan(25);
  });

  it('a tiny image keeps every key, all at its own size, sharing one encoding', async () => {
    const p = await processImage(await makeTestImage({ width: 100, height: 80, format: 'jpeg' }));
    for (const key of IMAGE_VARIANT_KEYS) expect(sizes(p)[key]).toBe('100x80');
    const buffers = new Set(p.variants.map((v) => v.data));
    expect(buffers.size).toBe(1);
  });

  it('a 1×1 image works', async () => {
    const p = await processImage(await makeTestImage({ width: 1, height: 1, format: 'png', color: '#336699' }));
    expect(sizes(p).orig).toBe('1x1');
    expect(p.dominantColor).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('a very wide image never gets a zero height', async () => {
    const p = await processImage(await makeTestImage({ width: 3000, height: 2, format: 'png', color: '#00ff00' }));
    expect(sizes(p)['170x']).toBe('170x1');
    expect(sizes(p)['1200x']).toBe('1200x1');
  });

  it('strips EXIF, XMP and ICC metadata', async () => {
    const input = await sharp(await makeTestImage({ width: 640, height: 480, format: 'jpeg', seed: 6 }))
      .withExif({ IFD0: { Copyright: 'Secret Owner', Artist: 'Someone', ImageDescription: 'GPS here' } })
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>')
      .withIccProfile('p3')
      .jpeg()
      .toBuffer();
    const inMeta = await sharp(input).metadata();
    expect(inMeta.exif).toBeDefined();
    expect(inMeta.xmp).toBeDefined();
    expect(inMeta.icc).toBeDefined();
    const p = await processImage(input);
    await expectCleanVariants(p);
    for (const v of p.variants) expect(v.data.includes('Secret Owner')).toBe(false);
  });

  it('auto-orients by the EXIF Orientation tag before stripping it', async () => {
    const input = await sharp(await makeTestImage({ width: 200, height: 100, format: 'jpeg', seed: 7 }))
      .withMetadata({ orientation: 6 }) // rotate 90° clockwise on display
      .jpeg()
      .toBuffer();
    expect((await sharp(input).metadata()).orientation).toBe(6);
    const p = await processImage(input);
    expect([p.width, p.height]).toEqual([100, 200]);
    expect(sizes(p)['170x']).toBe('100x200');
    await expectCleanVariants(p);
  });

  it('converts CMYK, greyscale and 16-bit input to 8-bit sRGB', async () => {
    const base = await makeTestImage({ width: 300, height: 200, format: 'png', seed: 8 });
    const inputs = [
      await sharp(base).toColourspace('cmyk').jpeg().toBuffer(),
      await sharp(base).greyscale().jpeg().toBuffer(),
      await sharp(base).toColourspace('rgb16').png().toBuffer(),
    ];
    expect((await sharp(inputs[0]!).metadata()).space).toBe('cmyk');
    expect((await sharp(inputs[2]!).metadata()).depth).toBe('ushort');
    for (const input of inputs) {
      const p = await processImage(input);
      await expectCleanVariants(p);
      for (const v of p.variants) {
        const meta = await sharp(v.data).metadata();
        expect(meta.depth).toBe('uchar');
        expect(['srgb', 'b-w']).toContain(meta.space);
      }
    }
  });

  it('dominant colour of a solid red image is #ff0000 (±8 per channel)', async () => {
    for (const format of ['jpeg', 'png', 'webp', 'gif'] as const) {
      const p = await processImage(await makeTestImage({ width: 300, height: 200, format, color: '#ff0000' }));
      const [r, g, b] = parseHexColor(p.dominantColor);
      expect(r).toBeGreaterThanOrEqual(247);
      expect(g).toBeLessThanOrEqual(8);
      expect(b).toBeLessThanOrEqual(8);
    }
  });

  it('dominant colour follows the largest area of a two-colour image', async () => {
    const w = 200;
    const h = 100;
    const raw = Buffer.alloc(w * h * 3);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const o = (y * w + x) * 3;
        if (x < 140) raw.set([0x22, 0x66, 0xcc], o);
        else raw.set([0xee, 0xdd, 0x11], o);
      }
    }
    const png = await sharp(raw, { raw: { width: w, height: h, channels: 3 } })
      .png()
      .toBuffer();
    const p = await processImage(png);
    const [r, g, b] = parseHexColor(p.dominantColor);
    expect(Math.abs(r - 0x22)).toBeLessThanOrEqual(6);
    expect(Math.abs(g - 0x66)).toBeLessThanOrEqual(6);
    expect(Math.abs(b - 0xcc)).toBeLessThanOrEqual(6);
  });
});

describe('processImage: refused images', () => {
  it('zero bytes → empty (400)', async () => {
    const err = await expectRejected(Buffer.alloc(0), 'empty');
    expect(err.httpStatus).toBe(400);
    expect(err.message).toBe('The image is empty.');
  });

  it('more than maxBytes → too_large (413), before looking at the content', async () => {
    const jpeg = await makeTestImage({ width: 200, height: 200, format: 'jpeg' });
    const err = await expectRejected(jpeg, 'too_large', { maxBytes: jpeg.length - 1 });
    expect(err.httpStatus).toBe(413);
    expect(err.message).toBe('Images can be at most 20 MB.');
    await expect(processImage(jpeg, { maxBytes: jpeg.length })).resolves.toBeDefined();
    // Size is checked first: even non-images over the limit are "too large".
    await expectRejected(Buffer.alloc(101, 0x41), 'too_large', { maxBytes: 100 });
  });

  it('HTML (named .jpg or not) → unsupported_type (415)', async () => {
    const err = await expectRejected(
      Buffer.from('<!DOCTYPE html><html><head><title>x</title></head><body><img src=x onerror=alert(1)></body></html>'),
      'unsupported_type',
    );
    expect(err.httpStatus).toBe(415);
    expect(err.message).toBe('Only JPEG, PNG, WebP and GIF images are accepted.');
  });

  it('SVG → unsupported_type, even though sharp could render it', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100" fill="red"/><script>alert(1)</script></svg>',
    );
    expect((await sharp(svg).metadata()).format).toBe('svg'); // i.e. the refusal is ours
    await expectRejected(svg, 'unsupported_type');
  });

  it('other real image formats (TIFF, AVIF) → unsupported_type', async () => {
    const base = sharp(await makeTestImage({ width: 64, height: 64, format: 'png' }));
    await expectRejected(await base.clone().tiff().toBuffer(), 'unsupported_type');
    await expectRejected(await base.clone().avif().toBuffer(), 'unsupported_type');
  });

  it('truncated JPEG → corrupt (400)', async () => {
    const jpeg = await makeTestImage({ width: 800, height: 600, format: 'jpeg', seed: 9 });
    const err = await expectRejected(jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'corrupt');
    expect(err.httpStatus).toBe(400);
    expect(err.message).toBe('The image could not be read.');
  });

  it('truncated PNG, WebP and GIF → corrupt', async () => {
    for (const format of ['png', 'webp', 'gif'] as const) {
      const img = await makeTestImage({ width: 400, height: 300, format, seed: 10 });
      await expectRejected(img.subarray(0, Math.floor(img.length / 2)), 'corrupt');
    }
  });

  it('right magic bytes followed by garbage → corrupt', async () => {
    const junk = Buffer.alloc(2000, 0x5a);
    await expectRejected(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), junk]), 'corrupt');
    await expectRejected(Buffer.concat([Buffer.from('GIF89a'), junk]), 'corrupt');
    await expectRejected(Buffer.concat([Buffer.from('RIFF\x10\x00\x00\x00WEBP'), junk]), 'corrupt');
    await expectRejected(makePngHeaderOnly(100, 100), 'corrupt'); // valid header, no pixels
  });

  it('PNG header declaring 100000×100000 → too_many_pixels (413), from the header, without allocating the pixels', async () => {
    const bomb = makePngHeaderOnly(100_000, 100_000);
    expect(bomb.length).toBeLessThan(100);
    const rssBefore = process.memoryUsage().rss;
    const err = await expectRejected(bomb, 'too_many_pixels');
    expect(err.httpStatus).toBe(413);
    expect(err.message).toBe('Images can be at most 50 megapixels.');
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(64 * 1024 * 1024);
  });

  it('just over the default 50 MP from the header (8000×6251) → too_many_pixels', async () => {
    await expectRejected(makePngHeaderOnly(8000, 6251), 'too_many_pixels');
  });

  it('respects a smaller maxPixels option', async () => {
    const jpeg = await makeTestImage({ width: 400, height: 300, format: 'jpeg' });
    await expectRejected(jpeg, 'too_many_pixels', { maxPixels: 400 * 300 - 1 });
    await expect(processImage(jpeg, { maxPixels: 400 * 300 })).resolves.toBeDefined();
  });
});
