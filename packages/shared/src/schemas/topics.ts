/**
 * Topics (interests), idea pages, related Pins and Today articles: the
 * options of their resources (docs/product/api-contract.md §8) and their answers.
 */
import { z } from 'zod';
import { zId, zReadExtras } from './common';
import { zImage, zPinOut } from './entities';

/** IdeaPageResource get: an idea page's header by its slug. */
export const zIdeaPage = z.strictObject({ slug: z.string().trim().min(1).max(64) });

/** The catalogue: every idea category and its sub-topics. */
export const zInterests = z.strictObject({ ...zReadExtras });

/** The most topics one follow or unfollow takes (the whole catalogue is 59). */
const INTEREST_LIST_MAX = 100;

/**
 * Follow or unfollow a topic, and with `interest_list` more topics in the same
 * step (decision 045: an interest list is a list of interests, as the API
 * reference's `L1InterestList`): an array of topic ids, or the ids separated
 * by commas as a query string carries them.
 */
export const zInterestFollow = z.strictObject({
  interest_id: zId,
  interest_list: z
    .preprocess(
      (v) =>
        typeof v === 'string'
          ? v
              .split(',')
              .map((x) => x.trim())
              .filter((x) => x !== '')
          : v,
      z.array(zId).max(INTEREST_LIST_MAX, `Give at most ${INTEREST_LIST_MAX} topics.`),
    )
    .optional(),
});

/** The topics a person follows: the profile's topics tab. */
export const zUserInterests = z.strictObject({ username: z.string().trim().min(1).max(64), ...zReadExtras });

/** The fewest topics the interests step takes (docs/product/api-contract.md §9: "at least 3 at sign-up"; decision 089). */
export const MIN_SIGNUP_INTERESTS = 3;

/**
 * UserInterestsResource.update: the topics the viewer follows, all of them (decision 089): at least
 * MIN_SIGNUP_INTERESTS different ones (the service says so in the page's language), at most the catalogue.
 */
export const zUpdateUserInterests = z.strictObject({ interest_ids: z.array(zId).max(INTEREST_LIST_MAX) });

/** An idea category's (or a sub-topic's) public Pins, newest first. */
export const zIdeasFeed = z.strictObject({ slug: z.string().trim().min(1).max(64), ...zReadExtras });

/** "More to explore" under a Pin's closeup. */
export const zRelatedPins = z.strictObject({ pin_id: zId, ...zReadExtras });

export const TODAY_KINDS = ['shop', 'trending', 'best', 'article'] as const;
const zTodayKind = z.enum(TODAY_KINDS);
export type TTodayKind = z.infer<typeof zTodayKind>;

export const TODAY_TITLE_MAX = 120;
export const TODAY_BODY_MAX = 5000;
export const TODAY_PINS_MAX = 50;

export const zTodayArticleGet = z.strictObject({ id: zId, ...zReadExtras });
export const zTodayArticles = z.strictObject({ ...zReadExtras });

/** Staff write articles: a title, a text and a set of Pins (ids, in order). */
export const zTodayArticleCreate = z.strictObject({
  kind: zTodayKind.optional(),
  title: z.string().trim().min(1, 'Give the article a title.').max(TODAY_TITLE_MAX, `Please enter no more than ${TODAY_TITLE_MAX} characters.`),
  body: z.string().trim().max(TODAY_BODY_MAX, `Please enter no more than ${TODAY_BODY_MAX} characters.`).optional(),
  pin_ids: z.array(zId).max(TODAY_PINS_MAX).optional(),
});
export const zTodayArticleUpdate = zTodayArticleCreate.partial().extend({ id: zId });
export const zTodayArticleDelete = z.strictObject({ id: zId });

/** A topic as the catalogue and the topics tab answer it (docs/product/logged-out-and-business.md §3: id, followed flag). */
export const zInterestOut = z.strictObject({
  id: z.string(),
  type: z.literal('interest'),
  name: z.string(),
  slug: z.string(),
  /** The idea category it sits under; null for a category. */
  parent_id: z.string().nullable(),
  /** The idea page it belongs to: /ideas/{category slug}/. */
  url: z.string(),
  /** The newest public Pin's image in the topic, or null while it has none. */
  image: zImage.nullable(),
  dominant_color: z.string().nullable(),
  follower_count: z.number().int(),
  is_followed: z.boolean(),
});
export type TInterestOut = z.infer<typeof zInterestOut>;

/** An idea page's header: the category, its sub-topics (chips). */
export const zIdeaPageOut = zInterestOut.extend({ children: z.array(zInterestOut), description: z.string() });
export type TIdeaPageOut = z.infer<typeof zIdeaPageOut>;

export const zTodayArticleOut = z.strictObject({
  id: z.string(),
  type: z.literal('today_article'),
  kind: zTodayKind,
  slug: z.string(),
  title: z.string(),
  body: z.string(),
  url: z.string(),
  author: z.strictObject({ id: z.string(), username: z.string(), full_name: z.string() }).nullable(),
  /** The Pins of the article the viewer may see, in the article's order. */
  pins: z.array(zPinOut),
  cover: zImage.nullable(),
  dominant_color: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TTodayArticleOut = z.infer<typeof zTodayArticleOut>;

/** Path of a Today article: /today/{kind}/{slug}/{id}/. */
export function todayArticlePath(a: { kind: string; slug: string; id: string }): string {
  return `/today/${a.kind}/${encodeURIComponent(a.slug)}/${a.id}/`;
}
