#!/usr/bin/env node
// Writes the app's icons from its mark (apps/web/public/favicon.svg), locally
// with sharp: favicon.ico (16, 32 and 48 px PNGs in one ICO) and
// apple-touch-icon.png (180 px, full bleed: iOS rounds the corners itself);
// the web manifest's icons (icons/icon-{192,512}.png as the mark, icons/maskable-{192,512}.png full bleed
// with the pin inside the central safe zone; decision 101) and the browser extension's (16 to 128 px).
// Run after changing the mark:  node scripts/make-brand-icons.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const publicDir = new URL('../apps/web/public/', import.meta.url).pathname;
const extensionIcons = new URL('../apps/extension/static/icons/', import.meta.url).pathname;
const mark = readFileSync(join(publicDir, 'favicon.svg'), 'utf8');
// The same mark without the rounded corners, for the touch icon.
const square = mark.replace(/<rect width="32" height="32" rx="8"/, '<rect width="32" height="32"');
if (square === mark) throw new Error('favicon.svg: the background <rect> was not found');
// Maskable: the square, the pin scaled into the central 80 % that every mask keeps.
const maskable = square.replace(/<g fill="#fff" transform="/, '<g fill="#fff" transform="translate(16 16) scale(0.62) translate(-16 -16) ');

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
for (const size of [192, 512]) {
  writeFileSync(join(publicDir, 'icons', `icon-${size}.png`), await png(mark, size));
  writeFileSync(join(publicDir, 'icons', `maskable-${size}.png`), await png(maskable, size));
}
for (const size of [16, 32, 48, 128]) writeFileSync(join(extensionIcons, `icon-${size}.png`), await png(mark, size));
console.log('Wrote favicon.ico (16, 32, 48 px), apple-touch-icon.png (180 px), the manifest icons and the extension icons.');
