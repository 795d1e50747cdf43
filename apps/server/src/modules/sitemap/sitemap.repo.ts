/**
 * What crawlers are told about: only what a signed-out visitor may see and
 * what is listed to everyone (boards.policy and users.policy decide): public
 * profiles, boards neither secret, protected, archived nor removed, and the
 * Pins on them (or on a public profile). Keyset reads in id order.
 */
import type { Queryable } from '../../db/client';
import { listedBoardSql, searchableBoardSql, visiblePinSql } from '../boards';
import { listedAccountSql, profileContentVisibleSql } from '../users';

export type SitemapKind = 'profile' | 'board' | 'pin';

export interface SitemapRow {
  id: string;
  username: string;
  slug: string | null;
  lastmod: Date | null;
}

const SIGNED_OUT = 'NULL::bigint';

/** The rows of one kind, as a FROM … WHERE whose first column is the keyset id. */
const SOURCES: Record<SitemapKind, { select: string; from: string }> = {
  profile: {
    select: 'u.id, u.username, NULL::text AS slug, NULL::timestamptz AS lastmod',
    from: `users u WHERE ${profileContentVisibleSql('u.id', SIGNED_OUT)} AND ${listedAccountSql('u')}`,
  },
  board: {
    select: 'b.id, u.username, b.slug, b.updated_at AS lastmod',
    from: `boards b JOIN users u ON u.id = b.owner_id WHERE ${searchableBoardSql(SIGNED_OUT, 'b')}`,
  },
  pin: {
    select: 'p.id, u.username, NULL::text AS slug, p.created_at AS lastmod',
    from: `pins p JOIN users u ON u.id = p.pinner_id LEFT JOIN boards b ON b.id = p.board_id
      WHERE ${visiblePinSql(SIGNED_OUT)} AND (p.board_id IS NULL OR ${listedBoardSql(SIGNED_OUT, 'b')})`,
  },
};

const ALIAS: Record<SitemapKind, string> = { profile: 'u', board: 'b', pin: 'p' };

export const sitemapRepo = {
  /** Up to `limit` rows of a kind with id above `afterId`, in id order. */
  async page(db: Queryable, kind: SitemapKind, afterId: string, limit: number) {
    const { select, from } = SOURCES[kind];
    return db.query<SitemapRow>(`SELECT ${select} FROM ${from} AND ${ALIAS[kind]}.id > $1::bigint ORDER BY ${ALIAS[kind]}.id LIMIT $2`, [afterId, limit]);
  },

  /**
   * Where each sub-sitemap of a kind starts: 0, then the id ending every
   * full page of `pageSize` rows (one numbered scan of the ids).
   */
  async pageStarts(db: Queryable, kind: SitemapKind, pageSize: number) {
    const { from } = SOURCES[kind];
    const a = ALIAS[kind];
    const rows = await db.query<{ id: string; total: string }>(
      `SELECT id, total FROM (
         SELECT ${a}.id, row_number() OVER (ORDER BY ${a}.id) AS n, count(*) OVER () AS total FROM ${from}
       ) x WHERE n % $1 = 0 ORDER BY id`,
      [pageSize],
    );
    const starts = ['0'];
    for (const [i, r] of rows.entries()) {
      // A last page that would be empty is not listed.
      if ((i + 1) * pageSize < Number(r.total)) starts.push(r.id);
    }
    return starts;
  },
};
