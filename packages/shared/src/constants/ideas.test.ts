import { describe, expect, it } from 'vitest';
import { IDEA_CATEGORIES_LONG, IDEA_CATEGORIES_SHORT, IDEA_LABELS, IDEA_SLUGS, ideaPath } from './ideas';

describe('idea categories', () => {
  it('has the 14-item long list in spec order', () => {
    expect(IDEA_CATEGORIES_LONG.map((c) => c.slug)).toEqual([
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
    ]);
  });

  it('has the 6-item short list in spec order', () => {
    expect(IDEA_CATEGORIES_SHORT.map((c) => c.slug)).toEqual(['art', 'beauty', 'food-and-drink', 'home-decor', 'womens-fashion', 'mens-fashion']);
  });

  it('gives every category a display label', () => {
    for (const slug of IDEA_SLUGS) expect(IDEA_LABELS[slug]).toMatch(/^[A-Z]/);
    expect(IDEA_LABELS['food-and-drink']).toBe('Food and drink');
    expect(IDEA_LABELS['womens-fashion']).toBe("Women's fashion");
    expect(IDEA_LABELS['mens-fashion']).toBe("Men's fashion");
    expect(IDEA_LABELS['diy-and-crafts']).toBe('DIY and crafts');
    expect(IDEA_CATEGORIES_SHORT[3]).toEqual({ slug: 'home-decor', label: 'Home decor' });
  });
});

describe('ideaPath', () => {
  it('builds /ideas/{slug}/', () => {
    expect(ideaPath('art')).toBe('/ideas/art/');
    expect(ideaPath('food-and-drink')).toBe('/ideas/food-and-drink/');
  });

  it('encodes unsafe characters', () => {
    expect(ideaPath('a b/c')).toBe('/ideas/a%20b%2Fc/');
  });
});
