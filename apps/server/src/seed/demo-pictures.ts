/**
 * The demo's pictures: a few procedural kinds (landscapes, patterns, still
 * lifes, typography posters, colour palettes, abstract compositions), each
 * drawn as SVG from its parameters and rasterised by sharp, and each Pin's
 * title and description written from the same parameters, so that what a
 * title says is what the picture shows. Letters are drawn as strokes (no
 * font is needed, none is downloaded).
 */
import sharp from 'sharp';
import { seededRandom } from '../lib/seeded-random';

/** mulberry32 (lib/seeded-random), its seed offset as these pictures were first drawn. */
export const prng = (seed: number): (() => number) => seededRandom(seed + 0x6d2b79f5);

export type Rnd = () => number;
const pick = <T>(rnd: Rnd, list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;

/** Named colours: the only colours a picture's main shapes take, so a title can name them. */
export const COLOURS = {
  teal: { hex: '#2a9d8f', warm: false },
  terracotta: { hex: '#c8643b', warm: true },
  mustard: { hex: '#d9a21b', warm: true },
  sage: { hex: '#9caf88', warm: false },
  navy: { hex: '#1d3557', warm: false },
  coral: { hex: '#f07167', warm: true },
  mulberry: { hex: '#7b3f61', warm: true },
  olive: { hex: '#708238', warm: true },
  rust: { hex: '#b7410e', warm: true },
  blush: { hex: '#f4c2c2', warm: true },
  cobalt: { hex: '#1f4fa8', warm: false },
  charcoal: { hex: '#36454f', warm: false },
  cream: { hex: '#f3e9d2', warm: true },
  'forest green': { hex: '#2d6a4f', warm: false },
  lavender: { hex: '#b8a1d9', warm: false },
  'sky blue': { hex: '#87bfe0', warm: false },
  ochre: { hex: '#cc7722', warm: true },
  mint: { hex: '#a8dcc5', warm: false },
  slate: { hex: '#5b6c7d', warm: false },
  peach: { hex: '#f6b98c', warm: true },
} as const;
export type ColourName = keyof typeof COLOURS;
const COLOUR_NAMES = Object.keys(COLOURS) as ColourName[];
const hex = (c: ColourName) => COLOURS[c].hex;
const LIGHT: ColourName[] = ['cream', 'blush', 'mint', 'peach', 'sky blue', 'lavender'];
const DARK: ColourName[] = ['navy', 'charcoal', 'mulberry', 'forest green', 'slate', 'rust', 'cobalt', 'teal', 'terracotta', 'olive'];

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven'];
const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');
/** "a teal", "an olive". */
const a = (word: string) => `${article(word)} ${word}`;

/** What a picture is: the parameters it is drawn from, its title and description, and the colour names it uses. */
export interface Picture {
  kind: 'landscape' | 'pattern' | 'still-life' | 'poster' | 'palette' | 'composition';
  /** The variant a board section is chosen by (a time of day, a pattern, an object, a word list, a temperature). */
  variant: string;
  title: string;
  description: string;
  colours: ColourName[];
  /** The SVG of the picture at a size. */
  svg(width: number, height: number): string;
}

// ---------------------------------------------------------------- letters

/** A stroke alphabet on a 4×6 grid (path data), so posters need no installed font. */
const GLYPHS: Record<string, string> = {
  A: 'M0 6L2 0L4 6M0.8 3.8L3.2 3.8',
  B: 'M0 3L2.6 3Q3.6 3 3.6 1.5Q3.6 0 2.6 0L0 0L0 6L2.8 6Q4 6 4 4.5Q4 3 2.8 3',
  C: 'M4 1Q3.2 0 2 0Q0 0 0 3Q0 6 2 6Q3.2 6 4 5',
  D: 'M0 0L0 6L1.8 6Q4 6 4 3Q4 0 1.8 0Z',
  E: 'M4 0L0 0L0 6L4 6M0 3L3 3',
  F: 'M4 0L0 0L0 6M0 3L3 3',
  G: 'M4 1Q3.2 0 2 0Q0 0 0 3Q0 6 2 6Q4 6 4 3.6L2.2 3.6',
  H: 'M0 0L0 6M4 0L4 6M0 3L4 3',
  I: 'M2 0L2 6M1 0L3 0M1 6L3 6',
  J: 'M4 0L4 4.4Q4 6 2 6Q0 6 0 4.4',
  K: 'M0 0L0 6M4 0L0 3.6M1.4 2.6L4 6',
  L: 'M0 0L0 6L4 6',
  M: 'M0 6L0 0L2 3.6L4 0L4 6',
  N: 'M0 6L0 0L4 6L4 0',
  O: 'M2 0Q0 0 0 3Q0 6 2 6Q4 6 4 3Q4 0 2 0Z',
  P: 'M0 6L0 0L2.8 0Q4 0 4 1.6Q4 3.2 2.8 3.2L0 3.2',
  Q: 'M2 0Q0 0 0 3Q0 6 2 6Q4 6 4 3Q4 0 2 0ZM2.6 4.4L4.2 6.2',
  R: 'M0 6L0 0L2.8 0Q4 0 4 1.6Q4 3.2 2.8 3.2L0 3.2M2.2 3.2L4 6',
  S: 'M4 0.8Q3.4 0 2 0Q0 0 0 1.6Q0 3 2 3Q4 3 4 4.4Q4 6 2 6Q0.6 6 0 5.2',
  T: 'M0 0L4 0M2 0L2 6',
  U: 'M0 0L0 4.2Q0 6 2 6Q4 6 4 4.2L4 0',
  V: 'M0 0L2 6L4 0',
  W: 'M0 0L1 6L2 2.4L3 6L4 0',
  X: 'M0 0L4 6M4 0L0 6',
  Y: 'M0 0L2 3L4 0M2 3L2 6',
  Z: 'M0 0L4 0L0 6L4 6',
};

/** A word as stroked paths, centred at (cx, cy), `size` wide at most. */
function lettering(word: string, cx: number, cy: number, maxWidth: number, colour: string): string {
  const letters = [...word.toUpperCase()];
  const advance = 5.6;
  const gridWidth = letters.length * advance - 1.6;
  const scale = Math.min(maxWidth / gridWidth, (maxWidth * 0.5) / 6);
  const x0 = cx - (gridWidth * scale) / 2;
  const y0 = cy - 3 * scale;
  const paths = letters.map((ch, i) => (GLYPHS[ch] ? `<path transform="translate(${(i * advance).toFixed(2)} 0)" d="${GLYPHS[ch]}"/>` : '')).join('');
  return `<g transform="translate(${x0.toFixed(1)} ${y0.toFixed(1)}) scale(${scale.toFixed(3)})" fill="none" stroke="${colour}" stroke-width="1.15" stroke-linecap="round" stroke-linejoin="round">${paths}</g>`;
}

export const LETTERS = Object.keys(GLYPHS).join('');

// ---------------------------------------------------------------- landscapes

export const TIMES = ['dawn', 'noon', 'dusk', 'night'] as const;
const SKIES: Record<(typeof TIMES)[number], [string, string, string]> = {
  dawn: ['#f7c6b6', '#fde2c8', 'pink dawn'],
  noon: ['#6fb3e0', '#cfe8f7', 'clear blue'],
  dusk: ['#5b3a7a', '#f29e6b', 'purple and orange dusk'],
  night: ['#0d1b33', '#2b3f66', 'deep blue night'],
};

export function landscape(rnd: Rnd, o: { terrain: 'hills' | 'mountains' | 'sea'; time?: (typeof TIMES)[number] }): Picture {
  const time = o.time ?? pick(rnd, TIMES);
  const land = pick(
    rnd,
    o.terrain === 'sea'
      ? (['teal', 'navy', 'cobalt', 'slate'] as ColourName[])
      : (['teal', 'sage', 'olive', 'forest green', 'mulberry', 'ochre', 'terracotta', 'slate'] as ColourName[]),
  );
  const night = time === 'night';
  const body = night ? pick(rnd, ['full', 'crescent'] as const) : pick(rnd, ['low', 'high'] as const);
  const sunColour: ColourName = night ? 'cream' : time === 'noon' ? 'cream' : pick(rnd, ['coral', 'mustard', 'peach'] as ColourName[]);
  const layers = 2 + Math.floor(rnd() * 3);
  const sunX = 0.2 + rnd() * 0.6;
  const waves = rnd();
  const [skyTop, skyBottom, skyWords] = SKIES[time];
  const terrainWord = o.terrain === 'sea' ? 'sea' : o.terrain;
  const light = night ? (body === 'full' ? 'a full moon' : 'a crescent moon') : `${article(body)} ${body} ${sunColour} sun`;
  const titles =
    o.terrain === 'sea'
      ? [`${cap(land)} sea under ${light}`, `${cap(land)} waves at ${time}`, `A calm ${land} sea at ${time}`]
      : [
          `${cap(land)} ${terrainWord} under ${light}`,
          `${cap(land)} ${terrainWord} at ${time}`,
          `${cap(NUMBER_WORDS[layers]!)} ridges of ${land} ${terrainWord} ${night ? 'by moonlight' : `at ${time}`}`,
        ];
  const title = pick(rnd, titles);
  const description =
    o.terrain === 'sea'
      ? `${cap(a(land))} sea to the horizon under ${a(skyWords)} sky, with ${light} over the water, seen from a sandy beach.`
      : `${cap(NUMBER_WORDS[layers]!)} layers of ${land} ${terrainWord} under ${a(skyWords)} sky, with ${light}${o.terrain === 'mountains' ? ' and snow on the peaks' : ''}.`;
  return {
    kind: 'landscape',
    variant: time,
    title,
    description,
    colours: [land, sunColour],
    svg(w, h) {
      const s = Math.min(w, h);
      const sunY = body === 'low' ? h * 0.52 : h * 0.22;
      const r = s * (night ? 0.07 : 0.1);
      let sky = `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#sky)"/>`;
      if (night) {
        const stars = prng(Math.floor(sunX * 1e6));
        for (let i = 0; i < 40; i++)
          sky += `<circle cx="${(stars() * w).toFixed(0)}" cy="${(stars() * h * 0.55).toFixed(0)}" r="${(1 + stars() * 1.6).toFixed(1)}" fill="#fff" opacity="0.8"/>`;
        sky += `<circle cx="${sunX * w}" cy="${h * 0.2}" r="${r}" fill="${hex('cream')}"/>`;
        if (body === 'crescent') sky += `<circle cx="${sunX * w + r * 0.5}" cy="${h * 0.2 - r * 0.2}" r="${r * 0.9}" fill="${skyTop}"/>`;
      } else {
        sky += `<circle cx="${sunX * w}" cy="${sunY}" r="${r * 1.6}" fill="${hex(sunColour)}" opacity="0.25"/><circle cx="${sunX * w}" cy="${sunY}" r="${r}" fill="${hex(sunColour)}"/>`;
      }
      let ground = '';
      if (o.terrain === 'sea') {
        const horizon = h * 0.6;
        ground += `<rect y="${horizon}" width="${w}" height="${h - horizon}" fill="${hex(land)}"/>`;
        for (let i = 0; i < 6; i++) {
          const y = horizon + ((h - horizon) * (i + 0.5)) / 6;
          const amp = 4 + i * 2;
          let d = `M0 ${y.toFixed(0)}`;
          for (let x = 0; x <= w; x += w / 8)
            d += ` Q${(x + w / 16).toFixed(0)} ${(y - amp * (waves + 0.5)).toFixed(0)} ${(x + w / 8).toFixed(0)} ${y.toFixed(0)}`;
          ground += `<path d="${d}" fill="none" stroke="#ffffff" stroke-opacity="${0.15 + i * 0.04}" stroke-width="${1.5 + i * 0.5}"/>`;
        }
        ground += `<path d="M0 ${h}L0 ${h * 0.9}Q${w * 0.5} ${h * 0.86} ${w} ${h * 0.92}L${w} ${h}Z" fill="#e8d3a9"/>`;
      } else {
        for (let l = 0; l < layers; l++) {
          const base = h * (0.55 + (l * 0.35) / layers);
          const opacity = 0.45 + (0.55 * (l + 1)) / layers;
          const shade = night ? 0.45 : 1;
          let d = `M0 ${h}L0 ${base.toFixed(0)}`;
          const peaks = o.terrain === 'mountains' ? 3 + l : 2 + l;
          for (let p = 0; p < peaks; p++) {
            const x1 = ((p + 0.5) / peaks) * w;
            const x2 = ((p + 1) / peaks) * w;
            const top = base - h * (o.terrain === 'mountains' ? 0.22 : 0.08) * (0.6 + 0.4 * Math.sin(p * 2.3 + l + waves * 6));
            d +=
              o.terrain === 'mountains'
                ? ` L${x1.toFixed(0)} ${top.toFixed(0)} L${x2.toFixed(0)} ${base.toFixed(0)}`
                : ` Q${x1.toFixed(0)} ${top.toFixed(0)} ${x2.toFixed(0)} ${base.toFixed(0)}`;
          }
          d += ` L${w} ${h}Z`;
          ground += `<path d="${d}" fill="${hex(land)}" opacity="${(opacity * shade).toFixed(2)}"/>`;
          if (o.terrain === 'mountains' && l === 0) {
            for (let p = 0; p < peaks; p++) {
              const x1 = ((p + 0.5) / peaks) * w;
              const top = base - h * 0.22 * (0.6 + 0.4 * Math.sin(p * 2.3 + l + waves * 6));
              const cap = h * 0.04;
              ground += `<path d="M${x1.toFixed(0)} ${top.toFixed(0)} L${(x1 - cap * 1.1).toFixed(0)} ${(top + cap).toFixed(0)} L${(x1 + cap * 1.1).toFixed(0)} ${(top + cap).toFixed(0)}Z" fill="#ffffff" opacity="0.9"/>`;
            }
          }
        }
      }
      return svgDoc(w, h, sky + ground);
    },
  };
}

// ---------------------------------------------------------------- patterns

export const PATTERNS = ['stripes', 'dots', 'checks', 'triangles', 'waves'] as const;

export function pattern(rnd: Rnd, o: { pattern?: (typeof PATTERNS)[number] } = {}): Picture {
  const kind = o.pattern ?? pick(rnd, PATTERNS);
  const ground = pick(rnd, LIGHT);
  const ink = pick(rnd, DARK);
  const size = pick(rnd, ['fine', 'bold'] as const);
  const title = {
    stripes: `${cap(size)} ${ink} stripes on ${ground}`,
    dots: `${cap(ink)} polka dots on ${ground}`,
    checks: `${cap(ink)} and ${ground} checks`,
    triangles: `${cap(ink)} triangles on ${ground}`,
    waves: `Wavy ${ink} lines on ${ground}`,
  }[kind];
  const description = `A repeating pattern of ${size} ${ink} ${kind === 'waves' ? 'wavy lines' : kind} on ${a(ground)} ground.`;
  return {
    kind: 'pattern',
    variant: kind,
    title,
    description,
    colours: [ink, ground],
    svg(w, h) {
      const step = Math.round(Math.min(w, h) / (size === 'fine' ? 14 : 7));
      let tile = '';
      if (kind === 'stripes') tile = `<rect width="${step / 2}" height="${step}" fill="${hex(ink)}"/>`;
      if (kind === 'dots') tile = `<circle cx="${step / 2}" cy="${step / 2}" r="${step / 4}" fill="${hex(ink)}"/>`;
      if (kind === 'checks')
        tile = `<rect width="${step / 2}" height="${step / 2}" fill="${hex(ink)}"/><rect x="${step / 2}" y="${step / 2}" width="${step / 2}" height="${step / 2}" fill="${hex(ink)}"/>`;
      if (kind === 'triangles') tile = `<path d="M${step * 0.1} ${step * 0.85}L${step / 2} ${step * 0.15}L${step * 0.9} ${step * 0.85}Z" fill="${hex(ink)}"/>`;
      if (kind === 'waves')
        tile = `<path d="M0 ${step / 2}Q${step / 4} ${step / 4} ${step / 2} ${step / 2}T${step} ${step / 2}" fill="none" stroke="${hex(ink)}" stroke-width="${step / 8}"/>`;
      const rotate = kind === 'stripes' ? ' patternTransform="rotate(35)"' : '';
      return svgDoc(
        w,
        h,
        `<defs><pattern id="p" width="${step}" height="${step}" patternUnits="userSpaceOnUse"${rotate}>${tile}</pattern></defs><rect width="${w}" height="${h}" fill="${hex(ground)}"/><rect width="${w}" height="${h}" fill="url(#p)"/>`,
      );
    },
  };
}

// ---------------------------------------------------------------- still lifes

const FRUIT = {
  lemons: { colour: '#f2d541', r: 0.075, citrus: true },
  oranges: { colour: '#f08a24', r: 0.08, citrus: true },
  apples: { colour: '#c8372d', r: 0.085, citrus: false },
  pears: { colour: '#b5c24a', r: 0.075, citrus: false },
  plums: { colour: '#5e2a57', r: 0.06, citrus: false },
} as const;
export type Fruit = keyof typeof FRUIT;
export const OBJECTS = ['vase', 'cup', 'bowl', 'loaf', 'jar', 'plant'] as const;

export function stillLife(rnd: Rnd, o: { object: (typeof OBJECTS)[number]; fruit?: Fruit; flowers?: number }): Picture {
  const wall = pick(rnd, LIGHT);
  const table = pick(rnd, ['olive', 'slate', 'terracotta', 'charcoal', 'sage', 'ochre'] as ColourName[]);
  const thing = pick(
    rnd,
    COLOUR_NAMES.filter((c) => c !== wall && c !== table && c !== 'cream'),
  );
  const fruit = o.fruit ?? pick(rnd, Object.keys(FRUIT) as Fruit[]);
  const count = o.object === 'bowl' ? 3 + Math.floor(rnd() * 3) : 1 + Math.floor(rnd() * 3);
  const flowers = o.flowers ?? 1 + Math.floor(rnd() * 5);
  const flowerColour = pick(
    rnd,
    (['coral', 'mustard', 'blush', 'lavender', 'cream'] as ColourName[]).filter((c) => c !== wall),
  );
  const one = fruit.slice(0, -1);
  const fruitWord = count === 1 ? `${article(one)} ${one}` : `${NUMBER_WORDS[count]} ${fruit}`;
  const loafShape = pick(rnd, ['round', 'long'] as const);
  const jarLevel = pick(rnd, ['risen', 'fresh'] as const);
  let title: string;
  let description: string;
  let variant: string = o.object;
  const colours: ColourName[] = [thing, wall, table];
  switch (o.object) {
    case 'vase':
      variant = flowers === 1 ? 'single' : 'bunch';
      colours.push(flowerColour);
      title =
        flowers === 1 ? `${cap(thing)} vase with a single ${flowerColour} flower` : `${cap(thing)} vase of ${NUMBER_WORDS[flowers]} ${flowerColour} flowers`;
      description = `${cap(a(thing))} vase on ${a(table)} table against ${a(wall)} wall, holding ${flowers === 1 ? `one ${flowerColour} flower on a long stem` : `${NUMBER_WORDS[flowers]} ${flowerColour} flowers on long stems`}.`;
      break;
    case 'cup':
      title = `${cap(thing)} cup and ${fruitWord}`;
      description = `${cap(a(thing))} cup of coffee beside ${fruitWord} on ${a(table)} table, against ${a(wall)} wall.`;
      break;
    case 'bowl':
      variant = FRUIT[fruit].citrus ? 'citrus' : 'orchard';
      title = `${cap(thing)} bowl of ${NUMBER_WORDS[count]} ${fruit}`;
      description = `${cap(NUMBER_WORDS[count]!)} ${fruit} in ${a(thing)} bowl on ${a(table)} table, against ${a(wall)} wall.`;
      break;
    case 'loaf':
      title = `${cap(loafShape)} sourdough loaf on ${a(thing)} board`;
      description = `A ${loafShape} sourdough loaf with a scored crust, resting on ${a(thing)} board in front of ${a(wall)} wall.`;
      break;
    case 'plant':
      title = `Leafy houseplant in ${a(thing)} pot`;
      description = `A houseplant with ${NUMBER_WORDS[flowers + 2]} broad green leaves in ${a(thing)} pot, on ${a(table)} table against ${a(wall)} wall.`;
      break;
    case 'jar':
      title = `${cap(jarLevel)} sourdough starter in a jar with ${a(thing)} lid`;
      description = `A glass jar, ${jarLevel === 'risen' ? 'nearly full' : 'half full'} of bubbly sourdough starter, with ${a(thing)} lid, on ${a(table)} table against ${a(wall)} wall.`;
      break;
  }
  return {
    kind: 'still-life',
    variant,
    title,
    description,
    colours,
    svg(w, h) {
      const s = Math.min(w, h);
      const tableY = h * 0.68;
      let out = `<rect width="${w}" height="${h}" fill="${hex(wall)}"/><rect y="${tableY}" width="${w}" height="${h - tableY}" fill="${hex(table)}"/><rect y="${tableY}" width="${w}" height="${h * 0.012}" fill="#000" opacity="0.12"/>`;
      const cx = w / 2;
      const fruitAt = (x: number, y: number, f: Fruit) => {
        const r = FRUIT[f].r * s;
        return (
          `<ellipse cx="${x}" cy="${y - r}" rx="${f === 'lemons' ? r * 1.2 : r}" ry="${f === 'pears' ? r * 1.15 : r}" fill="${FRUIT[f].colour}"/><ellipse cx="${x - r * 0.35}" cy="${y - r * 1.35}" rx="${r * 0.25}" ry="${r * 0.18}" fill="#fff" opacity="0.35"/>` +
          (f === 'lemons' || f === 'oranges' ? '' : `<path d="M${x} ${y - r * 1.9}l${r * 0.1} -${r * 0.4}" stroke="#4a3324" stroke-width="${r * 0.12}"/>`)
        );
      };
      if (o.object === 'vase') {
        const vw = s * 0.22;
        const vh = s * 0.34;
        const top = tableY - vh;
        for (let i = 0; i < flowers; i++) {
          const fx = cx + (i - (flowers - 1) / 2) * s * 0.09;
          const fy = top - s * (0.2 + 0.12 * ((i * 7) % 3));
          out += `<path d="M${cx} ${top + 4}Q${(cx + fx) / 2} ${(top + fy) / 2} ${fx} ${fy}" stroke="#4f7a3a" stroke-width="${s * 0.008}" fill="none"/>`;
          for (let k = 0; k < 5; k++) {
            const angle = (k / 5) * Math.PI * 2;
            out += `<circle cx="${fx + Math.cos(angle) * s * 0.022}" cy="${fy + Math.sin(angle) * s * 0.022}" r="${s * 0.02}" fill="${hex(flowerColour)}"/>`;
          }
          out += `<circle cx="${fx}" cy="${fy}" r="${s * 0.014}" fill="${hex('mustard')}"/>`;
        }
        out += `<path d="M${cx - vw * 0.25} ${top}L${cx + vw * 0.25} ${top}Q${cx + vw * 0.1} ${top + vh * 0.25} ${cx + vw / 2} ${top + vh * 0.6}Q${cx + vw * 0.55} ${tableY} ${cx} ${tableY}Q${cx - vw * 0.55} ${tableY} ${cx - vw / 2} ${top + vh * 0.6}Q${cx - vw * 0.1} ${top + vh * 0.25} ${cx - vw * 0.25} ${top}Z" fill="${hex(thing)}"/>`;
      } else if (o.object === 'cup') {
        const cw = s * 0.24;
        const ch = s * 0.2;
        const x = cx - s * 0.12;
        out += `<ellipse cx="${x}" cy="${tableY}" rx="${cw * 0.75}" ry="${s * 0.025}" fill="#fff" opacity="0.6"/>`;
        out += `<path d="M${x + cw / 2 - 2} ${tableY - ch * 0.8}q${cw * 0.3} 0 ${cw * 0.3} ${ch * 0.3}q0 ${ch * 0.3} -${cw * 0.3} ${ch * 0.3}" fill="none" stroke="${hex(thing)}" stroke-width="${s * 0.025}"/>`;
        out += `<path d="M${x - cw / 2} ${tableY - ch}L${x + cw / 2} ${tableY - ch}L${x + cw * 0.4} ${tableY - s * 0.01}L${x - cw * 0.4} ${tableY - s * 0.01}Z" fill="${hex(thing)}"/>`;
        out += `<ellipse cx="${x}" cy="${tableY - ch}" rx="${cw / 2}" ry="${s * 0.02}" fill="#5a3a22"/>`;
        for (let i = 0; i < count; i++) out += fruitAt(cx + s * (0.14 + i * 0.13), tableY + s * 0.02 * (i % 2), fruit);
      } else if (o.object === 'bowl') {
        const bw = s * 0.5;
        const rim = tableY - s * 0.14;
        for (let i = 0; i < count; i++) out += fruitAt(cx + (i - (count - 1) / 2) * s * 0.1, rim + s * 0.03 - (i % 2) * s * 0.05, fruit);
        out += `<path d="M${cx - bw / 2} ${rim}L${cx + bw / 2} ${rim}Q${cx + bw * 0.45} ${tableY} ${cx} ${tableY}Q${cx - bw * 0.45} ${tableY} ${cx - bw / 2} ${rim}Z" fill="${hex(thing)}"/>`;
      } else if (o.object === 'loaf') {
        const lw = s * 0.5;
        out += `<rect x="${cx - lw * 0.7}" y="${tableY - s * 0.02}" width="${lw * 1.4}" height="${s * 0.05}" rx="${s * 0.01}" fill="${hex(thing)}"/>`;
        const lx = loafShape === 'long' ? 1.35 : 1;
        const ly = loafShape === 'long' ? 0.75 : 1;
        out += `<ellipse cx="${cx}" cy="${tableY - s * 0.14 * ly}" rx="${(lw / 2) * lx}" ry="${s * 0.13 * ly}" fill="#b87333"/><ellipse cx="${cx}" cy="${tableY - s * 0.17 * ly}" rx="${lw * 0.4 * lx}" ry="${s * 0.08 * ly}" fill="#d19a5b"/>`;
        out += `<path d="M${cx - lw * 0.25} ${tableY - s * 0.22}Q${cx} ${tableY - s * 0.14} ${cx + lw * 0.25} ${tableY - s * 0.22}" stroke="#f1dcb5" stroke-width="${s * 0.012}" fill="none"/>`;
      } else if (o.object === 'plant') {
        const pw = s * 0.26;
        const top = tableY - s * 0.22;
        for (let i = 0; i < flowers + 2; i++) {
          const angle = -150 + (120 * i) / (flowers + 1);
          out += `<ellipse cx="${cx}" cy="${top - s * 0.12}" rx="${s * 0.05}" ry="${s * 0.14}" fill="${i % 2 ? '#3f7d4e' : '#5a9a5f'}" transform="rotate(${angle + 90} ${cx} ${top})"/>`;
        }
        out += `<path d="M${cx - pw / 2} ${top}L${cx + pw / 2} ${top}L${cx + pw * 0.38} ${tableY}L${cx - pw * 0.38} ${tableY}Z" fill="${hex(thing)}"/>`;
      } else {
        const jw = s * 0.26;
        const jh = s * 0.36;
        const top = tableY - jh;
        out += `<rect x="${cx - jw / 2}" y="${top}" width="${jw}" height="${jh}" rx="${s * 0.03}" fill="#eef4f4" opacity="0.85"/>`;
        const fill = jarLevel === 'risen' ? 0.8 : 0.5;
        out += `<rect x="${cx - jw / 2 + 4}" y="${top + jh * (0.97 - fill)}" width="${jw - 8}" height="${jh * fill}" rx="${s * 0.02}" fill="#efe3c8"/>`;
        const b = prng(Math.floor(jw * 1000));
        for (let i = 0; i < 14; i++)
          out += `<circle cx="${cx - jw / 2 + 8 + b() * (jw - 16)}" cy="${top + jh * (1 - fill) + b() * jh * (fill - 0.1)}" r="${1.5 + b() * s * 0.008}" fill="#d6c39c"/>`;
        out += `<rect x="${cx - jw * 0.55}" y="${top - s * 0.05}" width="${jw * 1.1}" height="${s * 0.06}" rx="${s * 0.01}" fill="${hex(thing)}"/>`;
      }
      return svgDoc(w, h, out);
    },
  };
}

// ---------------------------------------------------------------- typography posters

export function poster(rnd: Rnd, o: { words: readonly string[]; variant: string }): Picture {
  const word = pick(rnd, o.words);
  const ground = pick(rnd, [...DARK, ...LIGHT]);
  const light = LIGHT.includes(ground);
  const ink = pick(rnd, (light ? DARK : [...LIGHT, 'mustard', 'coral']) as ColourName[]);
  const rule = rnd() < 0.5;
  return {
    kind: 'poster',
    variant: o.variant,
    title: word.length === 1 ? `The letter ${word} in ${ink} on ${ground}` : `${cap(word.toLowerCase())}, in ${ink} letters on ${ground}`,
    description: `A typography poster: the ${word.length === 1 ? 'letter' : 'word'} ${word} in ${ink} capitals on ${a(ground)} ground${rule ? ', underlined' : ''}.`,
    colours: [ink, ground],
    svg(w, h) {
      const inner = w * 0.78;
      let out = `<rect width="${w}" height="${h}" fill="${hex(ground)}"/>${lettering(word, w / 2, h * 0.45, inner, hex(ink))}`;
      if (rule) out += `<rect x="${w * 0.3}" y="${h * 0.62}" width="${w * 0.4}" height="${Math.max(3, h * 0.012)}" fill="${hex(ink)}"/>`;
      return svgDoc(w, h, out);
    },
  };
}

// ---------------------------------------------------------------- colour palettes

export function palette(rnd: Rnd, o: { warm: boolean }): Picture {
  const pool = COLOUR_NAMES.filter((c) => COLOURS[c].warm === o.warm);
  const chosen: ColourName[] = [];
  while (chosen.length < 5) {
    const c = pick(rnd, pool);
    if (!chosen.includes(c)) chosen.push(c);
  }
  const [a, b, c] = chosen as [ColourName, ColourName, ColourName];
  const temp = o.warm ? 'warm' : 'cool';
  return {
    kind: 'palette',
    variant: temp,
    title: `${cap(temp)} palette of ${a}, ${b} and ${c}`,
    description: `A ${temp} colour palette of five swatches: ${chosen.map((n) => `${n} (${hex(n)})`).join(', ')}.`,
    colours: chosen,
    svg(w, h) {
      const band = h / 5;
      return svgDoc(
        w,
        h,
        chosen.map((n, i) => `<rect y="${(i * band).toFixed(1)}" width="${w}" height="${(band + 1).toFixed(1)}" fill="${hex(n)}"/>`).join(''),
      );
    },
  };
}

// ---------------------------------------------------------------- abstract compositions

export function composition(rnd: Rnd, o: { shape: 'circles' | 'blocks' }): Picture {
  const ground = pick(rnd, LIGHT);
  const main = pick(rnd, DARK);
  const accent = pick(
    rnd,
    (['mustard', 'coral', 'rust', 'cobalt', 'teal'] as ColourName[]).filter((c) => c !== main),
  );
  const n = 2 + Math.floor(rnd() * 3);
  const shapeWord = o.shape === 'circles' ? 'circles' : 'blocks';
  const layout = Array.from({ length: n }, () => [rnd(), rnd(), 0.12 + rnd() * 0.2] as const);
  return {
    kind: 'composition',
    variant: o.shape,
    title: `${cap(NUMBER_WORDS[n]!)} ${main} ${shapeWord} and ${article(accent)} ${accent} ${o.shape === 'circles' ? 'bar' : 'sun'}`,
    description: `An abstract painting in flat colour: ${NUMBER_WORDS[n]} ${main} ${shapeWord} and ${article(accent)} ${accent} ${o.shape === 'circles' ? 'bar' : 'circle'} on ${ground}.`,
    colours: [main, accent, ground],
    svg(w, h) {
      const s = Math.min(w, h);
      let out = `<rect width="${w}" height="${h}" fill="${hex(ground)}"/>`;
      for (const [x, y, r] of layout) {
        out +=
          o.shape === 'circles'
            ? `<circle cx="${(0.15 + x * 0.7) * w}" cy="${(0.15 + y * 0.7) * h}" r="${r * s * 0.6}" fill="${hex(main)}" opacity="0.9"/>`
            : `<rect x="${(0.1 + x * 0.6) * w}" y="${(0.1 + y * 0.6) * h}" width="${r * s * 1.9}" height="${r * s * 1.4}" fill="${hex(main)}" opacity="0.9"/>`;
      }
      out +=
        o.shape === 'circles'
          ? `<rect x="${w * 0.1}" y="${h * 0.78}" width="${w * 0.8}" height="${s * 0.05}" fill="${hex(accent)}"/>`
          : `<circle cx="${w * 0.72}" cy="${h * 0.25}" r="${s * 0.1}" fill="${hex(accent)}"/>`;
      return svgDoc(w, h, out);
    },
  };
}

function svgDoc(w: number, h: number, body: string) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;
}

/** Rasterises a picture to JPEG with sharp (librsvg): only shapes and paths, no text, so no font is involved. */
export function renderPicture(picture: Picture, width: number, height: number): Promise<Buffer> {
  return sharp(Buffer.from(picture.svg(width, height)))
    .jpeg({ quality: 88 })
    .toBuffer();
}
