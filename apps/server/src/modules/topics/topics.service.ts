/**
 * Topics: the catalogue, following, a person's followed topics, idea pages,
 * related Pins and home-feed recommendations. What may be shown is decided
 * in topics.policy (built on boards.policy and blocks.policy); an unknown
 * topic, category or Pin, or one the viewer may not see, answers 404.
 */
import pino from 'pino';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { requireViewer, type RequestContext } from '../../lib/context';
import { decodeCursor, pageOf } from '../../lib/cursor';
import type { PageRequest } from '../../lib/paging';
import { keyedInvalid } from '../../lib/validation';
import { MIN_SIGNUP_INTERESTS } from '@pinboard/shared/schemas/topics';
import { blockBetween } from '../blocks';
import { presentPin } from '../pins';
import { visiblePinById, userByUsername } from '../../kernel';
import { canSeeFollowedTopics } from './topics.policy';
import { presentIdeaPage, presentInterest } from './topics.present';
import { topicsRepo, type RecommendedPin } from './topics.repo';
import { DEFAULT_WALK } from './topics.graph';
import { createRelatedGraph, type GraphCandidates, type RelatedGraph } from './topics.related-graph';

/** Someone following fewer people and boards than this gets recommendations mixed into their home feed. */
export const FEW_FOLLOWS = 10;

const RELATED_SCORE = /^\d{1,4}(\.\d{1,4})?$/;

/** How long the common words (topicsRepo.commonWords) are kept before they are read again. */
const COMMON_WORDS_TTL_MS = 10 * 60_000;

/**
 * The blend of related Pins (decision 091): a walk that found at least this many Pins at the visit threshold
 * answers alone; with fewer (a Pin on few or small boards, few saves), the topic ranker's scores are blended in
 * with the weight 1 − found / RELATED_BLEND_FULL.
 */
export const RELATED_BLEND_FULL = 50;
/** Rows (saves of one image) checked per Pin the walk found: the first visible one shows. */
const ROWS_PER_FOUND = 8;
/** Candidates the topic ranker adds to a blend. */
const BLEND_TOPIC_CANDIDATES = 100;
/** Ranks of the walk checked for visibility by one statement when the walk answers alone: a page needs few. */
const WALK_CHECK_RANKS = 48;

/** A candidate's score as the page orders and its bookmark keeps it: a thousandth of the best, to four places. */
const scoreText = (score: number) => (score * 1000).toFixed(4);

type RelatedAfter = { score: number; id: bigint } | null;
/** Whether a candidate comes after the bookmark's in the order of the pages (score, then id, both descending). */
const comesAfter = (score: string, id: string, after: RelatedAfter) =>
  !after || Number(score) < after.score || (Number(score) === after.score && BigInt(id) < after.id);

/**
 * Whether the walk's ranks from `next` on can no longer enter the page after `page.after` (the walk alone, its
 * score visits ÷ the best visible's visits): the Pins seen so far fill it, and the next rank was visited less than
 * the last Pin of the page (ranks are in the order of visits, most first).
 */
function pageIsSettled(walk: GraphCandidates, seen: { id: string; rank: number }[], next: number, page: { after: RelatedAfter; need: number }) {
  const nextFound = walk.found[next];
  if (!nextFound) return true;
  if (seen.length === 0) return false;
  const best = Math.max(1, walk.found[seen[0]!.rank]!.visits);
  const onPage = seen
    .map((s) => ({ id: s.id, visits: walk.found[s.rank]!.visits }))
    .filter((s) => comesAfter(scoreText(s.visits / best), s.id, page.after))
    .sort((a, b) => b.visits - a.visits);
  return onPage.length >= page.need && nextFound.visits < onPage[page.need - 1]!.visits;
}

/** The blend of one Pin's related Pins: how much the walk counts (1: alone) and each candidate's score, best first. */
function blendRelated(
  walk: { node: number; id: string; visits: number }[],
  topic: { node: number; id: string; rank: number }[],
  walkWeight: number,
): { id: string; score: string }[] {
  const maxVisits = Math.max(1, ...walk.map((c) => c.visits));
  const maxRank = Math.max(1e-9, ...topic.map((c) => c.rank));
  const byKey = new Map<string, { id: string; score: number }>();
  for (const c of walk) byKey.set(c.node >= 0 ? `n${c.node}` : c.id, { id: c.id, score: (walkWeight * c.visits) / maxVisits });
  for (const c of topic) {
    const key = c.node >= 0 ? `n${c.node}` : c.id;
    const had = byKey.get(key);
    const add = ((1 - walkWeight) * c.rank) / maxRank;
    byKey.set(key, had ? { id: had.id, score: had.score + add } : { id: c.id, score: add });
  }
  return [...byKey.values()]
    .map((c) => ({ id: c.id, score: scoreText(c.score) }))
    .sort((a, b) => Number(b.score) - Number(a.score) || (BigInt(b.id) > BigInt(a.id) ? 1 : BigInt(b.id) < BigInt(a.id) ? -1 : 0));
}

export function createTopicsService({ db, config }: { db: Db; config: Config }) {
  const relatedGraph: RelatedGraph = createRelatedGraph(db, {
    maxMb: config.relatedGraphMaxMb,
    log: pino({ level: config.logLevel, name: 'related-graph' }),
  });
  // The words related Pins do not seek by: they change only with ANALYZE, so a few minutes late is fine.
  let common: { words: Promise<string[]>; at: number } | null = null;
  function commonWords() {
    if (!common || Date.now() - common.at > COMMON_WORDS_TTL_MS) {
      const words = topicsRepo.commonWords(db).catch(() => [] as string[]);
      common = { words, at: Date.now() };
    }
    return common.words;
  }

  async function interestOr404(id: string) {
    const ref = await topicsRepo.refById(db, id);
    if (!ref) throw notFound('topic');
    return ref;
  }

  return {
    async catalogue(ctx: RequestContext) {
      const rows = await topicsRepo.catalogue(db, ctx.viewer?.id ?? null);
      return rows.map(presentInterest);
    },

    /**
     * Follow (or unfollow) a topic and the topics of `interest_list` with it,
     * in one statement; idempotent; answers the topic. An unknown
     * `interest_id` is 404, unknown ids in the list a 400 naming it, and
     * then nothing is stored.
     */
    async setFollowing(ctx: RequestContext, interestId: string, follow: boolean, interestList: string[] = []) {
      const viewer = requireViewer(ctx);
      const ref = await interestOr404(interestId);
      const others = [...new Set(interestList)].filter((id) => id !== ref.id);
      if (others.length > 0) {
        const known = new Set(await topicsRepo.knownIds(db, others));
        const unknown = others.filter((id) => !known.has(id));
        if (unknown.length > 0) throw keyedInvalid('interest_list', 'topics.noSuchTopics', { names: unknown.join(', ') });
      }
      const ids = [ref.id, ...others];
      if (follow) await topicsRepo.follow(db, viewer.id, ids);
      else await topicsRepo.unfollow(db, viewer.id, ids);
      const [row] = await topicsRepo.byIds(db, viewer.id, [ref.id]);
      return presentInterest(row!);
    },

    /**
     * UserInterestsResource update (decision 089): the topics the viewer follows become exactly these, at least
     * MIN_SIGNUP_INTERESTS different ones, every one in the catalogue (else a 400 and nothing changes); answers them.
     * One follows or leaves a single topic with InterestFollowResource.
     */
    async setInterests(ctx: RequestContext, interestIds: string[]) {
      const viewer = requireViewer(ctx);
      const ids = [...new Set(interestIds)];
      if (ids.length < MIN_SIGNUP_INTERESTS) throw keyedInvalid('interest_ids', 'interests.tooFew');
      const known = new Set(await topicsRepo.knownIds(db, ids));
      const unknown = ids.filter((id) => !known.has(id));
      if (unknown.length > 0) throw keyedInvalid('interest_ids', 'topics.noSuchTopics', { names: unknown.join(', ') });
      await db.tx((tx) => topicsRepo.setFollowed(tx, viewer.id, ids));
      return (await topicsRepo.byIds(db, viewer.id, ids)).map(presentInterest);
    },

    /** The profile's topics tab: the topics a person follows, when their profile's content shows to the viewer and no block stands between them. */
    async userInterests(ctx: RequestContext, username: string, o: PageRequest) {
      const user = await userByUsername(db, username);
      if (!user) throw notFound('profile');
      const block = ctx.viewer && ctx.viewer.id !== user.id ? await blockBetween(db, ctx.viewer.id, user.id) : null;
      const follows = ctx.viewer ? await topicsRepo.follows(db, ctx.viewer.id, user.id) : false;
      if (!canSeeFollowedTopics(ctx.viewer, user, follows, block)) return { items: [], bookmark: null };
      const after = decodeCursor(o.bookmark, ['id']);
      const ids = await topicsRepo.followedIds(db, user.id, after ? after[0] : null, o.pageSize + 1);
      const page = pageOf(ids, o.pageSize, (id) => [id]);
      const rows = page.items.length > 0 ? await topicsRepo.byIds(db, ctx.viewer?.id ?? null, page.items) : [];
      return { items: rows.map(presentInterest), bookmark: page.bookmark };
    },

    /** An idea page's header: the category (or topic) by slug, with its sub-topics. */
    async ideaPage(ctx: RequestContext, slug: string) {
      const ref = await topicsRepo.refBySlug(db, slug);
      if (!ref) throw notFound('ideaCategory');
      const childIds = ref.parent_id ? [] : await topicsRepo.childIds(db, ref.id);
      const rows = await topicsRepo.byIds(db, ctx.viewer?.id ?? null, [ref.id, ...childIds]);
      const self = rows.find((r) => r.id === ref.id)!;
      return presentIdeaPage(
        self,
        rows.filter((r) => r.id !== ref.id),
      );
    },

    /** An idea category's (or sub-topic's) public Pins, newest first. */
    async ideaFeed(ctx: RequestContext, slug: string, o: PageRequest) {
      const ref = await topicsRepo.refBySlug(db, slug);
      if (!ref) throw notFound('ideaCategory');
      const c = decodeCursor(o.bookmark, ['id']);
      const rows = await topicsRepo.ideaFeed(db, ctx.viewer?.id ?? null, ref.id, c ? c[0] : null, o.pageSize + 1);
      const page = pageOf(rows, o.pageSize, (p) => [p.id]);
      return { items: page.items.map(presentPin), bookmark: page.bookmark };
    },

    /** "More to explore" under a Pin the viewer may see (404 otherwise): from the graph's walk, else the topic ranker (decision 091). */
    async related(ctx: RequestContext, pinId: string, o: PageRequest) {
      const walk = relatedGraph.candidates(pinId, ROWS_PER_FOUND);
      if (walk && walk.found.length > 0) return relatedFromWalk(ctx, pinId, o, walk);
      return relatedFromTopics(ctx, pinId, o);
    },

    /** Each server's graph of Pins and boards (its state, for /readyz-like checks and tests). */
    relatedGraph,
  };

  /** The topic ranker (decision 047): the fallback, and the blend's partner. */
  async function relatedFromTopics(ctx: RequestContext, pinId: string, o: PageRequest) {
    const viewerId = ctx.viewer?.id ?? null;
    const c = decodeCursor(o.bookmark, [RELATED_SCORE, 'id']);
    // One statement, which answers nothing for a Pin the viewer may not see; only then is the Pin itself asked for.
    const rows = await topicsRepo.related(db, viewerId, pinId, c ? { score: c[0], id: c[1] } : null, o.pageSize + 1, await commonWords());
    if (rows.length === 0 && !(await visiblePinById(db, pinId, viewerId))) throw notFound('pin');
    const page = pageOf(rows, o.pageSize, (p) => [p.score, p.id]);
    return { items: page.items.map(presentPin), bookmark: page.bookmark };
  }

  /**
   * The walk's Pins the viewer may see (topics.policy), in the walk's order (most visited first), each its first
   * visible save. For a blend, all of them in one statement. When the walk answers alone (`page`), the order of
   * the pages is the walk's, so ranks are checked WALK_CHECK_RANKS at a time until the page after `page.after`
   * cannot change: it holds `page.need` Pins and the next unchecked rank was visited less than the last of them.
   * 404 when the Pin itself may not be seen.
   */
  async function walkSeen(viewerId: string | null, pinId: string, walk: GraphCandidates, page: { after: RelatedAfter; need: number } | null) {
    const seen: { id: string; rank: number }[] = [];
    const step = page ? WALK_CHECK_RANKS : walk.found.length;
    for (let start = 0; start < walk.found.length; start += step) {
      const ids: string[] = [];
      const ranks: number[] = [];
      for (let rank = start; rank < Math.min(start + step, walk.found.length); rank++) {
        for (const id of walk.found[rank]!.rows) {
          ids.push(id);
          ranks.push(rank);
        }
      }
      const found = await topicsRepo.graphCandidatesSeen(db, viewerId, pinId, ids, ranks);
      if (start === 0 && found.length === 0 && !(await visiblePinById(db, pinId, viewerId))) throw notFound('pin');
      seen.push(...found);
      if (page && pageIsSettled(walk, seen, start + step, page)) break;
    }
    return seen;
  }

  /**
   * The walk's Pins the viewer may see (topics.policy, see walkSeen), blended with the topic
   * ranker's when the walk found few (RELATED_BLEND_FULL), ordered by score and id; the page's rows read whole.
   */
  async function relatedFromWalk(ctx: RequestContext, pinId: string, o: PageRequest, walk: GraphCandidates) {
    const viewerId = ctx.viewer?.id ?? null;
    const c = decodeCursor(o.bookmark, [RELATED_SCORE, 'id']);
    const after: RelatedAfter = c ? { score: Number(c[0]), id: BigInt(c[1]) } : null;
    const strong = walk.found.filter((f) => f.visits >= DEFAULT_WALK.visitThreshold).length;
    const weight = Math.min(1, strong / RELATED_BLEND_FULL);
    const seen = await walkSeen(viewerId, pinId, walk, weight < 1 ? null : { after, need: o.pageSize + 1 });
    const own = relatedGraph.nodeOf(pinId);
    const fromWalk = seen.map((s) => ({ node: relatedGraph.nodeOf(s.id), id: s.id, visits: walk.found[s.rank]!.visits }));
    const fromTopics =
      weight < 1
        ? (await topicsRepo.related(db, viewerId, pinId, null, BLEND_TOPIC_CANDIDATES, await commonWords()))
            .map((r) => ({ node: relatedGraph.nodeOf(r.id), id: r.id, rank: Number(r.score) }))
            .filter((r) => r.node < 0 || r.node !== own)
        : [];
    const ranked = blendRelated(fromWalk, fromTopics, weight);
    const rest = ranked.filter((r) => comesAfter(r.score, r.id, after));
    const pageIds = rest.slice(0, o.pageSize + 1);
    const rows =
      pageIds.length > 0
        ? await topicsRepo.seenPins(
            db,
            viewerId,
            pageIds.map((r) => r.id),
          )
        : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    const items = pageIds.flatMap((r) => {
      const row = byId.get(r.id);
      return row ? [{ ...row, score: r.score }] : [];
    });
    const page = pageOf(items, o.pageSize, (p) => [p.score, p.id]);
    return { items: page.items.map(presentPin), bookmark: page.bookmark };
  }
}

/**
 * For the home feed (feeds module): whether the viewer follows few enough
 * people and boards to get recommendations, and the recommended Pins below
 * `before`, newest first, with why.
 */
export const recommendations = {
  /** From the count of people and boards the viewer follows (the home feed's statement counts them, up to FEW_FOLLOWS). */
  wantedFor: (followedSources: number) => followedSources < FEW_FOLLOWS,
  /** The topics' Pins; popular Pins only until the viewer follows a person or a board (decision 097). */
  pins: (db: Db, viewerId: string, before: string | null, limit: number, followedSources: number): Promise<RecommendedPin[]> =>
    topicsRepo.recommended(db, viewerId, before, limit, followedSources === 0),
};
