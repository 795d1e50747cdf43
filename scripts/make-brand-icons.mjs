#!/usr/bin/env node
// Writes the app's icons from its mark (apps/web/public/favicon.svg), locally
// with sharp: favicon.ico (16, 32 and 48 px PNGs in one ICO) and
// apple-touch-icon.png (180 px, full bleed: iOS rounds the corners itself).
// Run after changing the mark:  node scripts/make-brand-icons.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const publicDir = new URL('../apps/web/public/', import.meta.url).pathname;
const mark = readFileSync(join(publicDir, 'favicon.svg'), 'utf8');
// The same mark without the rounded corners, for the touch icon.
const square = mark.replace(/<rect width="32" height="32" rx="8"/, '<rect width="32" height="32"');
if (square === mark) throw new Error('favicon.svg: the background <rect> was not found');

const png = (svg, size) =>
  sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 32) * 4 })
    .resize(size, size)
    .png()
    .toBuffer();

/** An ICO file whose images are PNGs (every browser since IE Vista reads them). */
function ico(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  const entries = [];
  let offset = 6 + 16 * images.length;
  for (const { size, data } of images) {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    entries.push(entry);
  }
  return Buffer.concat([header, ...entries, ...images.map((image) => image.data)]);
}

const sizes = [16, 32, 48];
const images = await Promise.all(sizes.map(async (size) => ({ size, data: await png(mark, size) })));
writeFileSync(join(publicDir, 'favicon.ico'), ico(images));
writeFileSync(join(publicDir, 'apple-touch-icon.png'), await png(square, 180));
console.log('Wrote favicon.ico (16, 32, 48 px) and apple-touch-icon.png (180 px).');
