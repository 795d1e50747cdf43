/**
 * A Pincode's picture (decision 061): a standard QR code of the page's address
 * at error-correction level H (it still reads with up to 30 % of it covered),
 * with the profile's picture or the board's cover in a white disc in its
 * middle. SVG is written here; PNG is the same SVG rasterised by sharp.
 */
import QRCode from 'qrcode';
import sharp from 'sharp';

export type PincodeFormat = 'png' | 'svg';

export interface PincodeInput {
  /** The absolute address the code opens. */
  url: string;
  /** The picture in the middle (any format sharp reads), or null for a plain disc in `color`. */
  centre: Buffer | null;
  /** The disc's colour when there is no picture (the profile's avatar colour). */
  color: string;
}

/** Pixels per QR module in the SVG's coordinates, and the quiet zone (4 modules, as the standard asks). */
const MODULE = 10;
const QUIET = 4;
/** The centre disc's diameter as a share of the code's width: below H's 30 % by a wide margin (area ≈ 5 %). */
const CENTRE_SHARE = 0.24;
/** The PNG's width and height in pixels. */
const PINCODE_PNG_SIZE = 1024;

/** The dark modules as one path: one `h` run per horizontal stretch of dark modules. */
function modulePath(size: number, dark: (x: number, y: number) => boolean): string {
  const parts: string[] = [];
  for (let y = 0; y < size; y++) {
    let x = 0;
    while (x < size) {
      if (!dark(x, y)) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && dark(x, y)) x++;
      parts.push(`M${(start + QUIET) * MODULE} ${(y + QUIET) * MODULE}h${(x - start) * MODULE}v${MODULE}h${-(x - start) * MODULE}z`);
    }
  }
  return parts.join('');
}

async function centreDataUrl(centre: Buffer | null, pixels: number): Promise<string | null> {
  if (!centre) return null;
  try {
    const png = await sharp(centre, { limitInputPixels: 50_000_000 }).resize(pixels, pixels, { fit: 'cover' }).png().toBuffer();
    return `data:image/png;base64,${png.toString('base64')}`;
  } catch {
    // A picture that does not decode leaves the plain disc: the code itself still reads.
    return null;
  }
}

async function pincodeSvg(input: PincodeInput): Promise<string> {
  const qr = QRCode.create(input.url, { errorCorrectionLevel: 'H' });
  const size = qr.modules.size;
  const full = (size + QUIET * 2) * MODULE;
  const centre = full / 2;
  const radius = Math.round((size * MODULE * CENTRE_SHARE) / 2);
  const ring = Math.round(radius * 1.18);
  // Modules under the white ring are cleared, so none shows through its edge.
  const covered = (x: number, y: number) => Math.hypot((x + QUIET + 0.5) * MODULE - centre, (y + QUIET + 0.5) * MODULE - centre) < ring;
  const path = modulePath(size, (x, y) => qr.modules.get(x, y) === 1 && !covered(x, y));
  const picture = await centreDataUrl(input.centre, radius * 2);
  const color = /^#[0-9a-f]{6}$/i.test(input.color) ? input.color : '#767676';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${full} ${full}" width="${full}" height="${full}">`,
    `<rect width="${full}" height="${full}" fill="#fff"/>`,
    `<path d="${path}" fill="#111"/>`,
    `<circle cx="${centre}" cy="${centre}" r="${ring}" fill="#fff"/>`,
    picture
      ? `<clipPath id="c"><circle cx="${centre}" cy="${centre}" r="${radius}"/></clipPath><image href="${picture}" x="${centre - radius}" y="${centre - radius}" width="${radius * 2}" height="${radius * 2}" clip-path="url(#c)"/>`
      : `<circle cx="${centre}" cy="${centre}" r="${radius}" fill="${color}"/><circle cx="${centre}" cy="${centre - radius * 0.15}" r="${radius * 0.38}" fill="#fff"/><path d="M${centre - radius * 0.12} ${centre + radius * 0.1}h${radius * 0.24}l${-radius * 0.12} ${radius * 0.6}z" fill="#fff"/>`,
    `</svg>`,
  ].join('');
}

export async function renderPincode(input: PincodeInput, format: PincodeFormat): Promise<Buffer> {
  const svg = await pincodeSvg(input);
  if (format === 'svg') return Buffer.from(svg);
  return sharp(Buffer.from(svg), { density: 144 }).resize(PINCODE_PNG_SIZE, PINCODE_PNG_SIZE).png().toBuffer();
}
