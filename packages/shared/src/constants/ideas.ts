/**
 * Idea categories linked from the side navigation (logged-out-and-business §2,
 * "Side navigation"); each links to /ideas/{slug}/.
 */

export const IDEA_SLUGS = [
  'art',
  'beauty',
  'food-and-drink',
  'design',
  'womens-fashion',
  'mens-fashion',
  'home-decor',
  'diy-and-crafts',
  'fitness-and-exercise',
  'animals-and-pets',
  'quotes',
  'memes',
  'travel',
  'weddings',
] as const;

export type IdeaSlug = (typeof IDEA_SLUGS)[number];

export interface IdeaCategory {
  readonly slug: IdeaSlug;
  readonly label: string;
}

/** Display label of every idea category. */
export const IDEA_LABELS: Readonly<Record<IdeaSlug, string>> = {
  art: 'Art',
  beauty: 'Beauty',
  'food-and-drink': 'Food and drink',
  design: 'Design',
  'womens-fashion': "Women's fashion",
  'mens-fashion': "Men's fashion",
  'home-decor': 'Home decor',
  'diy-and-crafts': 'DIY and crafts',
  'fitness-and-exercise': 'Fitness and exercise',
  'animals-and-pets': 'Animals and pets',
  quotes: 'Quotes',
  memes: 'Memes',
  travel: 'Travel',
  weddings: 'Weddings',
};

const SHORT_SLUGS: readonly IdeaSlug[] = [
  'art',
  'beauty',
  'food-and-drink',
  'home-decor',
  'womens-fashion',
  'mens-fashion',
];

function category(slug: IdeaSlug): IdeaCategory {
  return { slug, label: IDEA_LABELS[slug] };
}

/** Long side-navigation list (14 categories), in the spec's order. */
export const IDEA_CATEGORIES_LONG: readonly IdeaCategory[] = IDEA_SLUGS.map(category);

/** Short side-navigation list (6 categories), in the spec's order. */
export const IDEA_CATEGORIES_SHORT: readonly IdeaCategory[] = SHORT_SLUGS.map(category);

/** Path of an idea category page: /ideas/{slug}/. */
export function ideaPath(slug: string): string {
  return `/ideas/${encodeURIComponent(slug)}/`;
}
