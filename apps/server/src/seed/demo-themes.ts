/**
 * The demo's board themes: each names its boards, its category, its sections
 * and the pictures it holds. `draw(rnd, section)` makes a picture for a
 * section (its index in `sections`) or, with null, for the board outside its
 * sections, so every Pin sits on a board (and in a section) of what it shows.
 */
import { composition, landscape, palette, pattern, poster, stillLife, type Picture, type Rnd } from './demo-pictures';

export interface DemoTheme {
  key: string;
  /** The boards' names, one per board of this theme (a fourth board takes "<first> ideas"). */
  names: string[];
  category: string;
  description: string;
  sections: string[];
  draw(rnd: Rnd, section: number | null): Picture;
}

const oneOf = <T>(rnd: Rnd, list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;

const WORK_WORDS = ['FOCUS', 'BUILD', 'BEGIN', 'LEARN', 'DRAFT', 'SHIP IT', 'KEEP GOING'];
const LIFE_WORDS = ['BREATHE', 'REST', 'ENOUGH', 'BE KIND', 'SLOW DOWN', 'STAY CURIOUS', 'LOVE'];
const LOOSE_WORDS = ['HELLO', 'YES', 'BRAVE', 'GROW', 'TODAY', 'WONDER'];
const TYPE_WORDS = ['TYPE', 'BOLD', 'KERN', 'GRID', 'SERIF', 'GLYPH', 'FONT', 'LETTER'];
const TYPE_LETTERS = ['A', 'G', 'K', 'M', 'Q', 'R', 'S', 'W', 'Z'];

export const DEMO_THEMES: DemoTheme[] = [
  {
    key: 'hills',
    names: ['Rolling hills', 'Hills at every hour', 'Hill country', 'Rolling hills ideas'],
    category: 'travel',
    description: 'Layered hills under the sun and the moon.',
    sections: ['Sunrise', 'Moonlit'],
    draw: (rnd, s) => landscape(rnd, { terrain: 'hills', time: s === 0 ? 'dawn' : s === 1 ? 'night' : oneOf(rnd, ['noon', 'dusk'] as const) }),
  },
  {
    key: 'still-lifes',
    names: ['Kitchen still lifes', 'Coffee and fruit', 'Table top still lifes'],
    category: 'food-and-drink',
    description: 'Cups of coffee and fruit on the kitchen table.',
    sections: ['Lemons', 'Apples'],
    draw: (rnd, s) => stillLife(rnd, { object: 'cup', fruit: s === 0 ? 'lemons' : s === 1 ? 'apples' : oneOf(rnd, ['oranges', 'pears', 'plums'] as const) }),
  },
  {
    key: 'palettes',
    names: ['Colour palettes', 'Palettes to paint with', 'Colour swatches'],
    category: 'design',
    description: 'Five-colour palettes, warm and cool.',
    sections: ['Warm', 'Cool'],
    draw: (rnd, s) => palette(rnd, { warm: s === 0 ? true : s === 1 ? false : rnd() < 0.5 }),
  },
  {
    key: 'mountains',
    names: ['Mountain views', 'Peaks and ridges', 'Mountain hikes'],
    category: 'travel',
    description: 'Snowy mountain ridges from dawn to night.',
    sections: ['By day', 'By night'],
    draw: (rnd, s) => landscape(rnd, { terrain: 'mountains', time: s === 0 ? oneOf(rnd, ['dawn', 'noon'] as const) : s === 1 ? 'night' : 'dusk' }),
  },
  {
    key: 'patterns',
    names: ['Geometric patterns', 'Pattern library', 'Prints and patterns'],
    category: 'design',
    description: 'Stripes, dots, checks and waves in two colours.',
    sections: ['Stripes', 'Dots'],
    draw: (rnd, s) => pattern(rnd, { pattern: s === 0 ? 'stripes' : s === 1 ? 'dots' : oneOf(rnd, ['checks', 'triangles', 'waves'] as const) }),
  },
  {
    key: 'vases',
    names: ['Vases and flowers', 'Flowers in the window', 'Bud vases'],
    category: 'home-decor',
    description: 'Vases on the table, one stem or a whole bunch.',
    sections: ['Single stems', 'Bunches'],
    draw: (rnd, s) => stillLife(rnd, { object: 'vase', flowers: s === 0 ? 1 : s === 1 ? 4 + Math.floor(rnd() * 2) : 2 + Math.floor(rnd() * 2) }),
  },
  {
    key: 'sea',
    names: ['Seaside horizons', 'Beach days', 'Sea and sky'],
    category: 'travel',
    description: 'The sea to the horizon, morning to night.',
    sections: ['Morning sea', 'Night sea'],
    draw: (rnd, s) => landscape(rnd, { terrain: 'sea', time: s === 0 ? 'dawn' : s === 1 ? 'night' : oneOf(rnd, ['noon', 'dusk'] as const) }),
  },
  {
    key: 'words',
    names: ['Words to live by', 'Little reminders', 'Wall words'],
    category: 'quotes',
    description: 'One word, big, for the wall.',
    sections: ['Work', 'Life'],
    draw: (rnd, s) =>
      poster(
        rnd,
        s === 0 ? { words: WORK_WORDS, variant: 'work' } : s === 1 ? { words: LIFE_WORDS, variant: 'life' } : { words: LOOSE_WORDS, variant: 'loose' },
      ),
  },
  {
    key: 'type',
    names: ['Type posters', 'Lettering studies', 'Typography'],
    category: 'design',
    description: 'Letters and words drawn large.',
    sections: ['Single letters', 'Words'],
    draw: (rnd, s) => (s === 0 ? poster(rnd, { words: TYPE_LETTERS, variant: 'letter' }) : poster(rnd, { words: TYPE_WORDS, variant: 'word' })),
  },
  {
    key: 'sourdough',
    names: ['Sourdough baking', 'Bread bakes', 'Weekend loaves'],
    category: 'food-and-drink',
    description: 'Sourdough loaves and the starters they come from.',
    sections: ['Loaves', 'Starters'],
    draw: (rnd, s) => stillLife(rnd, { object: s === 1 ? 'jar' : 'loaf' }),
  },
  {
    key: 'modern-art',
    names: ['Modern art', 'Shapes in flat colour', 'Abstract prints'],
    category: 'art',
    description: 'Abstract paintings of circles and blocks.',
    sections: ['Circles', 'Blocks'],
    draw: (rnd, s) => composition(rnd, { shape: s === 0 ? 'circles' : s === 1 ? 'blocks' : rnd() < 0.5 ? 'circles' : 'blocks' }),
  },
  {
    key: 'fruit',
    names: ['Fruit bowls', 'Bowls of fruit', 'Orchard and citrus'],
    category: 'art',
    description: 'Still life paintings of fruit in a bowl.',
    sections: ['Citrus', 'Orchard'],
    draw: (rnd, s) =>
      stillLife(rnd, {
        object: 'bowl',
        fruit:
          s === 0
            ? oneOf(rnd, ['lemons', 'oranges'] as const)
            : s === 1
              ? oneOf(rnd, ['apples', 'pears', 'plums'] as const)
              : oneOf(rnd, ['lemons', 'oranges', 'apples', 'pears', 'plums'] as const),
      }),
  },
  {
    key: 'dusk',
    names: ['Golden hour', 'Dusk skies', 'Evening light'],
    category: 'art',
    description: 'Hills, mountains and the sea as the sun goes down.',
    sections: ['Hills', 'Sea'],
    draw: (rnd, s) => landscape(rnd, { terrain: s === 0 ? 'hills' : s === 1 ? 'sea' : 'mountains', time: 'dusk' }),
  },
];

export const themeByKey = (key: string) => DEMO_THEMES.find((t) => t.key === key)!;

/** The name of the `round`-th board of a theme. */
export const boardName = (theme: DemoTheme, round: number) => theme.names[round] ?? `${theme.names[0]} ideas`;
