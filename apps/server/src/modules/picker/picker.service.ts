/**
 * The board picker's data: every board the viewer can save to (searchable
 * from BOARD_SEARCH_MIN_QUERY characters), and a shortlist of the boards they
 * used most recently plus suggestions whose names share a word with the Pin.
 */
import { BOARD_SEARCH_MIN_QUERY } from '@pinboard/shared/constants/limits';
import type { Db } from '../../db/client';
import { requireViewer, type RequestContext } from '../../lib/context';
import { presentBoard } from '../boards';
import type { AdsService } from '../ads';
import type { PinsService } from '../pins';
import type { TBoardTitleSuggestion } from '@pinboard/shared/schemas/pins';
import { topicsOfPin } from '../topics';
import { boardsToSaveTo, similarPinBoardNames } from './picker.repo';

const ALL_BOARDS_LIMIT = 500;
/** How many title suggestions a Pin gets, and how many of each kind at most. */
const TITLE_SUGGESTIONS = 5;
const FROM_TOPICS = 2;
const FROM_SIMILAR = 3;
const BOARD_NAME_MAX = 50;
/** Words a board name derived from a Pin's title stops at (after its first word) or leaves out. */
const STOP_WORDS = new Set('a an and are as at be best by for from how in into is it its my of on or our the this to with without your you'.split(' '));

/** A board name from a Pin's title: its leading words up to the first small word, at most three ("Country loaf with a crumb" → "Country loaf"). */
export function nameFromTitle(title: string): string | null {
  const all = title.split(/[^\p{L}\p{N}'’-]+/u).filter((w) => /[\p{L}\p{N}]/u.test(w));
  const picked: string[] = [];
  for (const w of all) {
    if (STOP_WORDS.has(w.toLowerCase())) {
      if (picked.length > 0) break;
      continue;
    }
    picked.push(w);
    if (picked.length === 3) break;
  }
  if (picked.length === 0) return null;
  const name = picked.join(' ');
  return (name.charAt(0).toLocaleUpperCase() + name.slice(1)).slice(0, BOARD_NAME_MAX);
}

const words = (s: string) =>
  new Set(
    s
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length > 2),
  );

export function createPickerService({ db, pins, ads }: { db: Db; pins: PinsService; ads: Pick<AdsService, 'pickerFilter'> }) {
  return {
    async boards(ctx: RequestContext, o: { query?: string | undefined; advertiserId?: string | undefined; filter?: 'all' | 'protected' | undefined }) {
      const viewer = requireViewer(ctx);
      const query = o.query && o.query.length >= BOARD_SEARCH_MIN_QUERY ? o.query.replace(/[%_\\]/g, (c) => `\\${c}`) : null;
      // With an ad account: secret boards hidden, and only protected ones for a multi-user account (docs/product/profiles-and-boards.md §6).
      const onAccount = o.advertiserId ? await ads.pickerFilter(ctx, o.advertiserId) : { hideSecret: false, onlyProtected: false };
      const rows = await boardsToSaveTo(db, viewer.id, {
        query,
        hideSecret: onAccount.hideSecret,
        onlyProtected: o.filter === 'protected' || onAccount.onlyProtected,
        limit: ALL_BOARDS_LIMIT,
      });
      const all = rows.map((b) => presentBoard(b, viewer.id));
      return { all_boards: all, boards_shortlist: query ? [] : all.slice(0, 2) };
    },

    async shortlist(ctx: RequestContext, o: { pinId?: string | undefined; length: number; suggestions: number }) {
      const viewer = requireViewer(ctx);
      const rows = await boardsToSaveTo(db, viewer.id, { query: null, hideSecret: false, onlyProtected: false, limit: ALL_BOARDS_LIMIT });
      const recent = rows.slice(0, o.length);
      let suggested: typeof rows = [];
      if (o.pinId && o.suggestions > 0) {
        const pin = await pins.visiblePin(ctx, o.pinId);
        const pinWords = words(`${pin.title} ${pin.description} ${pin.board_name ?? ''}`);
        suggested = rows.filter((b) => !recent.includes(b) && [...words(b.name)].some((w) => pinWords.has(w))).slice(0, o.suggestions);
      }
      return [...recent, ...suggested].map((b) => presentBoard(b, viewer.id));
    },

    /**
     * Board names derived from a Pin the viewer may see (404 otherwise): its
     * topics, its title's leading words, and the names of boards that similar
     * Pins are on (only boards the viewer may see). Names the viewer already
     * has a board by are left out; highest confidence first (decision 057).
     */
    async titleSuggestions(ctx: RequestContext, pinId: string): Promise<TBoardTitleSuggestion[]> {
      const viewer = requireViewer(ctx);
      const pin = await pins.visiblePin(ctx, pinId);
      const [topics, similar, own] = await Promise.all([
        topicsOfPin(db, pin.id),
        similarPinBoardNames(db, pin.id, viewer.id, FROM_SIMILAR),
        boardsToSaveTo(db, viewer.id, { query: null, hideSecret: false, onlyProtected: false, limit: ALL_BOARDS_LIMIT }),
      ]);
      const candidates: TBoardTitleSuggestion[] = [
        ...similar.map((s) => ({
          title: s.name.slice(0, BOARD_NAME_MAX),
          metadata: { kind: 'similar_board' as const, value: s.name, confidence: Math.round((s.n / Math.max(s.total, 1)) * 100) / 100 },
        })),
        ...topics
          .slice(0, FROM_TOPICS)
          .map((t) => ({ title: t.name, metadata: { kind: 'topic' as const, value: t.slug, confidence: t.is_category ? 0.5 : 0.8 } })),
      ];
      const fromTitle = nameFromTitle(pin.title);
      if (fromTitle) candidates.push({ title: fromTitle, metadata: { kind: 'pin_title', value: pin.title, confidence: 0.6 } });
      const taken = new Set(own.filter((b) => b.owner_id === viewer.id).map((b) => b.name.toLowerCase()));
      const out: TBoardTitleSuggestion[] = [];
      for (const c of candidates.sort((a, b) => b.metadata.confidence - a.metadata.confidence)) {
        const key = c.title.toLowerCase();
        if (taken.has(key)) continue;
        taken.add(key);
        out.push(c);
      }
      return out.slice(0, TITLE_SUGGESTIONS);
    },
  };
}
