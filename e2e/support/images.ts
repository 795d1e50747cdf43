import sharp from 'sharp';

export interface PictureOptions {
  width: number;
  height: number;
  /** Two colours for the sky gradient. */
  sky: [string, string];
  ground: string;
  sun?: string;
}

/** A small landscape picture made on the spot (no downloads): gradient sky, a sun and a hill. */
export async function makePicture({ width, height, sky, ground, sun = '#fff4d6' }: PictureOptions): Promise<Buffer> {
  const hill = `M0 ${height * 0.68} C ${width * 0.3} ${height * 0.55}, ${width * 0.6} ${height * 0.8}, ${width} ${height * 0.62} L ${width} ${height} L 0 ${height} Z`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#sky)"/>
    <circle cx="${width * 0.66}" cy="${height * 0.36}" r="${Math.min(width, height) * 0.13}" fill="${sun}"/>
    <path d="${hill}" fill="${ground}"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

export const PALETTES: readonly Omit<PictureOptions, 'width' | 'height'>[] = [
  { sky: ['#f7b267', '#f4845f'], ground: '#3d405b' },
  { sky: ['#a2d2ff', '#bde0fe'], ground: '#2a9d8f' },
  { sky: ['#cdb4db', '#ffafcc'], ground: '#6d597a' },
  { sky: ['#ffe8d6', '#ddbea9'], ground: '#6b705c' },
  { sky: ['#caf0f8', '#90e0ef'], ground: '#0077b6' },
  { sky: ['#ffd6a5', '#ffadad'], ground: '#9d0208' },
  { sky: ['#e9edc9', '#ccd5ae'], ground: '#606c38' },
  { sky: ['#fde2e4', '#fad2e1'], ground: '#b56576' },
];
