/** The demo's pictures: titles say what is drawn, sections get what they are named for, letters render without fonts. */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { COLOURS, LETTERS, poster, prng, renderPicture, type ColourName } from './demo-pictures';
import { DEMO_THEMES } from './demo-themes';

const NAMES = (Object.keys(COLOURS) as ColourName[]).sort((a, b) => b.length - a.length);

/** The colour names a text mentions, longest first so that "sky blue" is not read as "blue". */
function colourWords(text: string) {
  let rest = text.toLowerCase();
  const found: ColourName[] = [];
  for (const name of NAMES) {
    const re = new RegExp(`\\b${name}\\b`, 'g');
    if (re.test(rest)) {
      found.push(name);
      rest = rest.replace(re, ' ');
    }
  }
  return found;
}

const samples = DEMO_THEMES.flatMap((theme) =>
  [0, 1, null].flatMap((section) => Array.from({ length: 12 }, (_, i) => ({ theme, section, picture: theme.draw(prng(i * 31 + 7), section) }))),
);

describe('demo pictures', () => {
  it('names only colours the picture is drawn in, and draws each colour its title names', () => {
    for (const { picture } of samples) {
      const words = colourWords(picture.title);
      expect(words.length, picture.title).toBeGreaterThan(0);
      const svg = picture.svg(300, 400);
      for (const word of words) {
        expect(picture.colours, picture.title).toContain(word);
        expect(svg, `${picture.title}: ${word}`).toContain(COLOURS[word].hex);
      }
      for (const word of colourWords(picture.description)) expect(picture.colours, picture.description).toContain(word);
      expect(svg).not.toMatch(/<text/);
    }
  });

  it("gives a theme's sections the pictures they are named for", () => {
    const variants = (key: string, section: number) =>
      new Set(samples.filter((s) => s.theme.key === key && s.section === section).map((s) => s.picture.variant));
    expect(variants('hills', 1)).toEqual(new Set(['night']));
    expect(variants('hills', 0)).toEqual(new Set(['dawn']));
    expect(variants('patterns', 0)).toEqual(new Set(['stripes']));
    expect(variants('palettes', 0)).toEqual(new Set(['warm']));
    expect(variants('palettes', 1)).toEqual(new Set(['cool']));
    expect(variants('vases', 0)).toEqual(new Set(['single']));
    expect(variants('fruit', 0)).toEqual(new Set(['citrus']));
    expect(variants('sourdough', 1)).toEqual(new Set(['jar']));
    for (const { theme, section, picture } of samples) if (section !== null) expect(theme.sections[section], picture.title).toBeTruthy();
  });

  it('varies: most samples of a theme have titles of their own', () => {
    for (const theme of DEMO_THEMES) {
      const titles = samples.filter((s) => s.theme === theme).map((s) => s.picture.title);
      expect(new Set(titles).size, theme.key).toBeGreaterThan(titles.length / 2);
    }
  });

  it('draws every letter a poster may use, as strokes in the ink colour', async () => {
    const all = [
      ...new Set(
        DEMO_THEMES.flatMap((th) =>
          Array.from({ length: 40 }, (_, i) => th.draw(prng(i), 0))
            .filter((p) => p.kind === 'poster')
            .map((p) => p.title),
        ),
      ),
    ];
    for (const title of all)
      for (const ch of title
        .split(',')[0]!
        .toUpperCase()
        .replace(/[^A-Z]/g, ''))
        expect(LETTERS).toContain(ch);
    const picture = poster(prng(3), { words: ['MW'], variant: 'test' });
    const ink = COLOURS[picture.colours[0]!].hex;
    const { data, info } = await sharp(await renderPicture(picture, 200, 200))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(ink.slice(i, i + 2), 16)) as [number, number, number];
    let inked = 0;
    for (let i = 0; i < data.length; i += info.channels) if (Math.abs(data[i]! - r) + Math.abs(data[i + 1]! - g) + Math.abs(data[i + 2]! - b) < 40) inked++;
    // Two letters' strokes cover a few per cent of the poster.
    expect(inked / (info.width * info.height)).toBeGreaterThan(0.02);
  });
});
