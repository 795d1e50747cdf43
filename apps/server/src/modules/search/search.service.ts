/**
 * Search across Pins, boards and people (BaseSearchResource), the viewer's
 * own Pins (scope my_pins, login required), and the typeahead's suggestions.
 * Results are ordered by relevance (ts_rank, title/name words weigh more than
 * description/about words), then newest id first, keyset-paged on
 * (rank, id): the bookmark is never an offset.
 */
import type { Db, Queryable } from '../../db/client';
import type { PinWithRefs } from '../../kernel';
import { readerOf, requireViewer, type RequestContext } from '../../lib/context';
import { decodeCursor, pageOf } from '../../lib/cursor';
import type { PageRequest } from '../../lib/paging';
import { ideaPath } from '@pinboard/shared/constants/ideas';
import { boardUrl, presentBoard, type PresentedBoard } from '../boards';
import { presentPin, type PresentedPin } from '../pins';
import { topicSuggestions } from '../topics';
import { presentUserSummary } from '../users';
import { japaneseLikePattern, normalizeTerm, searchTsquery, searchWords } from './search.query';
import {
  searchRepo,
  understandingSearchRepo as findRepo,
  TIER_SIZE,
  TOP_CEILING,
  type PinFilter,
  type RankCursor,
  type SearchQuery,
  type Suggestion,
  type UserHit,
} from './search.repo';
import type { SearchFilterScope, SearchScope } from '@pinboard/shared/schemas/search';

export interface SearchOptions extends PageRequest {
  query: string;
  scope: SearchScope;
}

export interface TypeaheadOptions {
  term: string;
  scope: SearchScope;
  count: number;
}

export type PresentedUserHit = ReturnType<typeof presentUserSummary> & {
  type: 'user';
  follower_count: number;
  is_private_profile: boolean;
  explicitly_followed_by_me: boolean;
};

type SearchItem = PresentedPin | PresentedBoard | PresentedUserHit;

/** One page of results: Pins (pins, my_pins), boards or people. */
export interface SearchPage {
  items: SearchItem[];
  bookmark: string | null;
}

/** What a suggestion names, and where choosing it leads (decision 057). */
interface TypeaheadSuggestion {
  label: string;
  kind: 'pin' | 'board' | 'user' | 'topic';
  url: string;
}

/** `items` (the spec's texts) and `suggestions` (the same, in the same order, with their kind and address). */
export interface TypeaheadAnswer {
  items: string[];
  hint: string | null;
  suggestions: TypeaheadSuggestion[];
}

/** The search results page for a query, in a scope (the web app's /search/ page; `rs=ac`: chosen from the typeahead). */
function resultsUrl(query: string, scope: 'pins' | 'boards' | 'users') {
  return `/search/?${new URLSearchParams({ q: query, rs: 'ac', scope }).toString()}`;
}

/**
 * Where a suggestion leads: a Pin title to Pin results, a board to the board
 * (board results when several share the name), a person to their profile
 * (people results when several share the name), a topic to its idea page;
 * among the viewer's own Pins (my_pins), to their own-Pins search.
 */
function suggestionUrl(s: Suggestion, scope: SearchScope): string {
  switch (s.kind) {
    case 'pin':
      return scope === 'my_pins' ? `/search/me/?${new URLSearchParams({ q: s.label, rs: 'ac' }).toString()}` : resultsUrl(s.label, 'pins');
    case 'board': {
      const slash = s.one?.indexOf('/') ?? -1;
      return s.one && slash > 0 ? boardUrl(s.one.slice(0, slash), s.one.slice(slash + 1)) : resultsUrl(s.label, 'boards');
    }
    case 'user':
      return s.one ? `/${encodeURIComponent(s.one)}/` : resultsUrl(s.label, 'users');
    case 'topic':
      return ideaPath(s.one ?? '');
  }
}

const RANK = /^\d{1,6}(\.\d{1,12})?$/;

function rankCursor(bookmark: string | undefined): RankCursor | null {
  const c = decodeCursor(bookmark, [RANK, 'id']);
  return c ? { rank: c[0], id: c[1] } : null;
}

/** A Pin results bookmark (decision 092): the tier's ceiling, then the last Pin's rank and id. */
interface TierCursor {
  ceiling: string;
  after: RankCursor;
}

function tierCursor(bookmark: string | undefined): TierCursor | null {
  const c = decodeCursor(bookmark, ['id', RANK, 'id']);
  return c ? { ceiling: c[0], after: { rank: c[1], id: c[2] } } : null;
}

function toPage<R extends { id: string; rank: string }, T>(rows: R[], pageSize: number, present: (row: R) => T) {
  const page = pageOf(rows, pageSize, (r) => [r.rank, r.id]);
  return { items: page.items.map(present), bookmark: page.bookmark };
}

/** SearchResource.get (decision 084). */
export interface FindOptions extends PageRequest {
  query: string;
  scope: SearchFilterScope;
  color?: string | undefined;
  locale?: string | undefined;
}

/** One page, and (first page, nothing found) a corrected query that finds something. */
export interface FindAnswer {
  data: SearchItem[];
  bookmark: string | null;
  did_you_mean?: string;
}

/** A search to suggest: its text and its results page. */
interface SuggestedSearch {
  query: string;
  url: string;
}

export type SuggestionsAnswer =
  { recent: SuggestedSearch[]; trending: SuggestedSearch[] } | Record<'pins' | 'boards' | 'users' | 'topics', { label: string; url: string }[]>;

const RECENT_COUNT = 8;
const TRENDING_COUNT = 8;
/** A trend is a term searched by at least this many different people in the last day (decision 084). */
const TREND_MIN_PEOPLE = 5;
const SUGGESTIONS_PER_KIND = 5;
/** Searches are kept this many days (decision 084). */
const SEARCH_HISTORY_DAYS = 90;
/** Words of a query looked up for a correction, at most. */
const CORRECTED_WORDS_MAX = 5;

/** The results page of a search (Pinterest's paths). */
function searchPageUrl(query: string) {
  return `/search/pins/?${new URLSearchParams({ q: query }).toString()}`;
}

const presentUserHit = (u: UserHit): PresentedUserHit => ({
  ...presentUserSummary(u),
  type: 'user',
  follower_count: u.follower_count,
  is_private_profile: u.is_private_profile,
  explicitly_followed_by_me: u.followed_by_me,
});

export function createSearchService({ db: primary }: { db: Db }) {
  /**
   * One page of Pins, tier after tier (decision 092): a page that reaches the end of a full tier goes
   * on in the next one. The bookmark is the tier's ceiling and the last Pin's (rank, id) within it.
   */
  async function pinPage(db: Queryable, q: SearchQuery, filter: PinFilter, color: string | null, bookmark: TierCursor | null, pageSize: number) {
    const rows: (PinWithRefs & { rank: string; ceiling: string })[] = [];
    let ceiling = bookmark?.ceiling ?? TOP_CEILING;
    let after = bookmark?.after ?? null;
    for (;;) {
      const tier = await findRepo.pins(db, { ...q, after, limit: pageSize + 1 - rows.length }, filter, color, ceiling);
      for (const r of tier) if (r.id !== null && r.id !== undefined) rows.push({ ...(r as PinWithRefs & { rank: string }), ceiling });
      const info = tier[0];
      if (rows.length > pageSize || !info?.tier_floor || info.tier_n < TIER_SIZE) break;
      ceiling = info.tier_floor;
      after = null;
    }
    const page = pageOf(rows, pageSize, (r) => [r.ceiling, r.rank, r.id]);
    return { items: page.items.map(({ ceiling: _c, ...p }): SearchItem => presentPin(p)), bookmark: page.bookmark };
  }

  /** One page of a search that understands: stems and accents in the searcher's language, Japanese by substring. */
  async function findPage(ctx: RequestContext, o: FindOptions, text: string, bookmark: string | undefined, pageSize: number) {
    const tsquery = searchTsquery(text);
    if (!tsquery) return { items: [] as SearchItem[], bookmark: null };
    const viewerId = ctx.viewer?.id ?? null;
    const pinScope = o.scope !== 'boards' && o.scope !== 'users';
    const q: SearchQuery = {
      viewerId,
      tsquery,
      lang: o.locale ?? ctx.viewer?.locale ?? 'en-US',
      like: japaneseLikePattern(text),
      after: pinScope ? null : rankCursor(bookmark),
      limit: pageSize + 1,
    };
    const db = readerOf(ctx, primary);
    switch (o.scope) {
      case 'boards':
        return toPage(await findRepo.boards(db, q), pageSize, (b): SearchItem => presentBoard(b, viewerId));
      case 'users':
        return toPage(await findRepo.users(db, q), pageSize, presentUserHit);
      default:
        return pinPage(db, q, o.scope as PinFilter, o.color ?? null, tierCursor(bookmark), pageSize);
    }
  }

  /**
   * "Did you mean": each word public content does not hold becomes the nearest word it holds
   * (search_words, decision 084); offered only when the corrected query finds something this
   * viewer may see, so it never leads nowhere and never names what they may not see.
   */
  async function correction(ctx: RequestContext, o: FindOptions): Promise<string | null> {
    const words = searchWords(o.query.toLowerCase());
    if (words.length === 0 || words.length > CORRECTED_WORDS_MAX) return null;
    const db = readerOf(ctx, primary);
    const known = new Set(await findRepo.knownWords(db, words));
    let changed = false;
    const out: string[] = [];
    for (const w of words) {
      const fix = w.length < 3 || known.has(w) || /\d/.test(w) ? null : await findRepo.closestWord(db, w);
      if (fix && fix !== w) changed = true;
      out.push(fix ?? w);
    }
    if (!changed) return null;
    const corrected = out.join(' ');
    const check = await findPage(ctx, o, corrected, undefined, 1);
    return check.items.length > 0 ? corrected : null;
  }

  return {
    /** SearchResource.get: a page of results; signed-in searches are kept for recent searches and trends. */
    async find(ctx: RequestContext, o: FindOptions): Promise<FindAnswer> {
      if (o.scope === 'my_pins') requireViewer(ctx);
      const first = !o.bookmark;
      if (first && ctx.viewer) {
        const term = normalizeTerm(o.query).toLowerCase();
        if (term) await findRepo.recordSearch(primary, ctx.viewer.id, term, normalizeTerm(o.query));
      }
      const page = await findPage(ctx, o, o.query, o.bookmark, o.pageSize);
      const answer: FindAnswer = { data: page.items, bookmark: page.bookmark };
      if (first && page.items.length === 0) {
        const fix = await correction(ctx, o);
        if (fix) answer.did_you_mean = fix;
      }
      return answer;
    },

    /**
     * SearchSuggestionsResource.get. An empty box: the viewer's recent searches and the trends
     * (each kept only when it finds a Pin this viewer may see). While typing: Pin titles, boards,
     * people and topics, each with where it leads (the typeahead's sources).
     */
    async suggestions(ctx: RequestContext, o: { query: string }): Promise<SuggestionsAnswer> {
      const db = readerOf(ctx, primary);
      const viewerId = ctx.viewer?.id ?? null;
      const term = normalizeTerm(o.query);
      if (!term) {
        const recent = viewerId ? await findRepo.recentSearches(primary, viewerId, RECENT_COUNT) : [];
        const trending: SuggestedSearch[] = [];
        for (const query of await findRepo.trendingTerms(db, TREND_MIN_PEOPLE, TRENDING_COUNT * 2)) {
          if (trending.length >= TRENDING_COUNT) break;
          const found = await findPage(ctx, { query, scope: 'pins', pageSize: 1 }, query, undefined, 1);
          if (found.items.length > 0) trending.push({ query, url: searchPageUrl(query) });
        }
        return { recent: recent.map((query) => ({ query, url: searchPageUrl(query) })), trending };
      }
      const query = searchTsquery(term, 'A');
      const n = SUGGESTIONS_PER_KIND;
      const item = (s: Suggestion) => ({ label: s.label, url: suggestionUrl(s, 'pins') });
      if (!query) return { pins: [], boards: [], users: [], topics: [] };
      const [pins, boards, users, topics] = await Promise.all([
        searchRepo.pinTitles(db, viewerId, query, term, false, n),
        searchRepo.boardNames(db, viewerId, query, term, n),
        searchRepo.userNames(db, viewerId, query, term, n),
        topicSuggestions(db, term, n),
      ]);
      return {
        pins: pins.map(item),
        boards: boards.map(item),
        users: users.map(item),
        topics: topics.map((t) => ({ label: t.name, url: ideaPath(t.category_slug) })),
      };
    },

    /** RecentSearchesResource.delete: forgets the viewer's searches (they stop counting for trends too). */
    async clearRecent(ctx: RequestContext): Promise<{ cleared: number }> {
      const viewer = requireViewer(ctx);
      return { cleared: await findRepo.clearRecentSearches(primary, viewer.id) };
    },

    /** Rebuilds the "did you mean" word list from public content (hourly, jobs/hourly.ts). */
    refreshWords: () => findRepo.refreshWords(primary),

    /** Forgets searches older than SEARCH_HISTORY_DAYS (hourly). */
    forgetOldSearches: () => findRepo.forgetOldSearches(primary, SEARCH_HISTORY_DAYS),

    async search(ctx: RequestContext, o: SearchOptions): Promise<SearchPage> {
      if (o.scope === 'my_pins') requireViewer(ctx);
      const after = rankCursor(o.bookmark);
      const query = searchTsquery(o.query);
      if (!query) return { items: [], bookmark: null };
      const viewerId = ctx.viewer?.id ?? null;
      const limit = o.pageSize + 1;
      const db = readerOf(ctx, primary);
      switch (o.scope) {
        case 'pins':
        case 'my_pins':
          return toPage(await searchRepo.pins(db, viewerId, query, o.scope === 'my_pins', after, limit), o.pageSize, presentPin);
        case 'boards':
          return toPage(await searchRepo.boards(db, viewerId, query, after, limit), o.pageSize, (b) => presentBoard(b, viewerId));
        case 'users':
          return toPage(await searchRepo.users(db, viewerId, query, after, limit), o.pageSize, (u): PresentedUserHit => ({
            ...presentUserSummary(u),
            type: 'user',
            follower_count: u.follower_count,
            is_private_profile: u.is_private_profile,
            explicitly_followed_by_me: u.followed_by_me,
          }));
      }
    },

    /**
     * Up to `count` distinct suggestions for what is being typed: Pin titles,
     * then board names, then people, then topics (scope pins); only board names (boards),
     * people (users) or the viewer's own Pin titles (my_pins). Only title,
     * name and username words count (weight A). Those that start with the
     * term come first; the hint is the first of them, else null. Each
     * suggestion says what it names and where choosing it leads (`url`).
     */
    async typeahead(ctx: RequestContext, o: TypeaheadOptions): Promise<TypeaheadAnswer> {
      if (o.scope === 'my_pins') requireViewer(ctx);
      const term = normalizeTerm(o.term);
      const query = searchTsquery(term, 'A');
      if (!query) return { items: [], hint: null, suggestions: [] };
      const viewerId = ctx.viewer?.id ?? null;
      const n = o.count;
      const db = readerOf(ctx, primary);
      const topics = async (): Promise<Suggestion[]> =>
        (await topicSuggestions(db, term, n)).map((t) => ({ label: t.name, rnk: 0, starts: t.starts, kind: 'topic', one: t.category_slug }));
      const sources: Promise<Suggestion[]>[] =
        o.scope === 'pins'
          ? [
              searchRepo.pinTitles(db, viewerId, query, term, false, n),
              searchRepo.boardNames(db, viewerId, query, term, n),
              searchRepo.userNames(db, viewerId, query, term, n),
              topics(),
            ]
          : o.scope === 'boards'
            ? [searchRepo.boardNames(db, viewerId, query, term, n)]
            : o.scope === 'users'
              ? [searchRepo.userNames(db, viewerId, query, term, n)]
              : [searchRepo.pinTitles(db, viewerId, query, term, true, n)];
      const seen = new Set<string>();
      const merged: Suggestion[] = [];
      for (const rows of await Promise.all(sources)) {
        for (const s of rows) {
          const key = s.label.toLowerCase();
          if (seen.has(key)) continue;
          seen.add(key);
          merged.push(s);
        }
      }
      // Stable: within "starts with" and "contains", the source order and each source's rank order stay.
      merged.sort((a, b) => Number(b.starts) - Number(a.starts));
      const picked = merged.slice(0, n);
      return {
        items: picked.map((s) => s.label),
        hint: picked.find((s) => s.starts)?.label ?? null,
        suggestions: picked.map((s) => ({ label: s.label, kind: s.kind, url: suggestionUrl(s, o.scope) })),
      };
    },
  };
}
