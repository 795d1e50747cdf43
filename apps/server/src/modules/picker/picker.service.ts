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
import { boardsToSaveTo } from './picker.repo';

const ALL_BOARDS_LIMIT = 500;
const words = (s: string) => new Set(s.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 2));

export function createPickerService({ db, pins, ads }: { db: Db; pins: PinsService; ads: Pick<AdsService, 'pickerFilter'> }) {
  return {
    async boards(ctx: RequestContext, o: { query?: string | undefined; advertiserId?: string | undefined; filter?: 'all' | 'protected' | undefined }) {
      const viewer = requireViewer(ctx);
      const query = o.query && o.query.length >= BOARD_SEARCH_MIN_QUERY ? o.query.replace(/[%_\\]/g, (c) => `\\${c}`) : null;
      // With an ad account: secret boards hidden, and only protected ones for a multi-user account (profiles-and-boards §6).
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
        suggested = rows
          .filter((b) => !recent.includes(b) && [...words(b.name)].some((w) => pinWords.has(w)))
          .slice(0, o.suggestions);
      }
      return [...recent, ...suggested].map((b) => presentBoard(b, viewer.id));
    },
  };
}

export type PickerService = ReturnType<typeof createPickerService>;
