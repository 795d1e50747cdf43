/**
 * Idea categories linked from the side navigation (docs/product/logged-out-and-business.md §2,
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

const SHORT_SLUGS: readonly IdeaSlug[] = ['art', 'beauty', 'food-and-drink', 'home-decor', 'womens-fashion', 'mens-fashion'];

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

/**
 * The topics catalogue the server seeds (`interests`, migration 0018): id →
 * slug of every idea category (ids 1–14) and sub-topic (1001–). Names are
 * shown from the per-locale catalogues by slug (decision 042); an API object
 * that carries only an id (a recommendation's reason) finds its slug here.
 */
export const TOPIC_SLUG_BY_ID: Readonly<Record<string, string>> = {
  '1': 'art',
  '1001': 'painting',
  '1002': 'drawing',
  '1003': 'photography',
  '1004': 'sculpture',
  '2': 'beauty',
  '1005': 'makeup',
  '1006': 'skincare',
  '1007': 'hairstyles',
  '1008': 'nails',
  '3': 'food-and-drink',
  '1009': 'baking',
  '1010': 'recipes',
  '1011': 'drinks',
  '1012': 'desserts',
  '4': 'design',
  '1013': 'typography',
  '1014': 'architecture',
  '1015': 'colour-palettes',
  '5': 'womens-fashion',
  '1016': 'dresses',
  '1017': 'outfits',
  '1018': 'accessories',
  '6': 'mens-fashion',
  '1019': 'suits',
  '1020': 'sneakers',
  '1021': 'jackets',
  '7': 'home-decor',
  '1022': 'living-rooms',
  '1023': 'kitchens',
  '1024': 'houseplants',
  '1025': 'small-spaces',
  '8': 'diy-and-crafts',
  '1026': 'woodworking',
  '1027': 'knitting',
  '1028': 'upcycling',
  '9': 'fitness-and-exercise',
  '1029': 'yoga',
  '1030': 'running',
  '1031': 'workouts',
  '10': 'animals-and-pets',
  '1032': 'dogs',
  '1033': 'cats',
  '1034': 'birds',
  '11': 'quotes',
  '1035': 'motivation',
  '1036': 'love-quotes',
  '1037': 'life-quotes',
  '12': 'memes',
  '1038': 'funny',
  '1039': 'relatable',
  '13': 'travel',
  '1040': 'beaches',
  '1041': 'mountains',
  '1042': 'city-trips',
  '14': 'weddings',
  '1043': 'wedding-dresses',
  '1044': 'wedding-flowers',
  '1045': 'wedding-venues',
};
