import { zIdeaPage } from '@pinboard/shared/schemas/topics';
import { zIdeasFeed, zInterestFollow, zInterests, zRelatedPins, zUpdateUserInterests, zUserInterests } from '@pinboard/shared/schemas/topics';
import { action, pagedAction, type ResourceRegistry } from '../../lib/resources';
import type { Services } from '../../services';

export function registerTopicResources(registry: ResourceRegistry, s: Pick<Services, 'topics'>) {
  registry.add({
    name: 'InterestsResource',
    description: 'The catalogue of topics: every idea category and its sub-topics, with whether you follow each.',
    actions: {
      get: action({ summary: 'Read the topics catalogue', options: zInterests, handler: (ctx) => s.topics.catalogue(ctx) }),
    },
  });

  registry.add({
    name: 'InterestFollowResource',
    description:
      'Follow or unfollow a topic (interest_id) and the topics of interest_list with it; answers the topic with its followed flag. 404 for an unknown topic, 400 for unknown ids in interest_list.',
    actions: {
      create: action({
        summary: 'Follow a topic',
        options: zInterestFollow,
        auth: 'required',
        handler: (ctx, o) => s.topics.setFollowing(ctx, o.interest_id, true, o.interest_list),
      }),
      delete: action({
        summary: 'Unfollow a topic',
        options: zInterestFollow,
        auth: 'required',
        handler: (ctx, o) => s.topics.setFollowing(ctx, o.interest_id, false, o.interest_list),
      }),
    },
  });

  registry.add({
    name: 'UserInterestsResource',
    description: "The topics a person follows: the profile's topics tab (empty where their profile's content does not show to you).",
    actions: {
      get: pagedAction({
        summary: "Read a person's followed topics",
        options: zUserInterests,
        read: (ctx, o, page) => s.topics.userInterests(ctx, o.username, page),
      }),
      update: action({
        summary: 'Set the topics one follows (at least 3: the interests step of sign-up)',
        options: zUpdateUserInterests,
        auth: 'required',
        handler: (ctx, o) => s.topics.setInterests(ctx, o.interest_ids),
      }),
    },
  });

  registry.add({
    name: 'IdeaPageResource',
    description: "An idea page's header: the category (or topic) by slug, its sub-topics and whether you follow it. 404 for an unknown slug.",
    actions: {
      get: action({
        summary: 'Read an idea page',
        options: zIdeaPage,
        handler: (ctx, o) => s.topics.ideaPage(ctx, o.slug),
      }),
    },
  });

  registry.add({
    name: 'IdeasFeedResource',
    description: "An idea category's (or a sub-topic's) public Pins, newest first. 404 for an unknown slug.",
    actions: {
      get: pagedAction({
        summary: "Read an idea category's Pins",
        options: zIdeasFeed,
        read: (ctx, o, page) => s.topics.ideaFeed(ctx, o.slug, page),
      }),
    },
  });

  registry.add({
    name: 'RelatedPinsResource',
    description: '"More to explore" under a Pin: Pins sharing its board, topics, words or colour, best first. 404 for a Pin you may not see.',
    actions: {
      get: pagedAction({
        summary: 'Read related Pins',
        options: zRelatedPins,
        read: (ctx, o, page) => s.topics.related(ctx, o.pin_id, page),
      }),
    },
  });
}
