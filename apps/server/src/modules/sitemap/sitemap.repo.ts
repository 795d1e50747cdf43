/**
 * What crawlers are told about: only what a signed-out visitor may see and
 * what is listed to everyone (boards.policy and users.policy decide): public
 * profiles, boards neither secret, protected, archived nor removed, and the
 * Pins on them (or on a public profile). Keyset reads in id order.
 */
import type { Queryable } from '../../db/client';
import { listedBoardSql, searchableBoardSql, visiblePinSql } from '../../kernel';
import { listedAccountSql, profileContentVisibleSql } from '../users';

export type SitemapKind = 'profile' | 'board' | 'pin';

export interface SitemapRow {
  id: string;
  /** Null for Pins (their address needs only the id). */
  username: string | null;
  slug: string | null;
  /** W3C datetime in UTC, as Date#toISOString writes it (`2026-11-24T10:23:19.000Z`). */
  lastmod: string | null;
}

const SIGNED_OUT = 'NULL::bigint';

/**
 * A timestamp as its W3C datetime, written by PostgreSQL: a file is 50,000
 * rows, and parsing each into a Date and writing it back out was a third of
 * the app's CPU for the file (decision 046).
 */
const w3c = (ts: string) => `to_char(${ts} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The rows of one kind: `table` (as `key`) walked by its primary key, `from`
 * joining what the address needs, `listed` the policies' rule (a column, so
 * that a range reports how far it read even when nothing in it is listed).
 */
const SOURCES: Record<SitemapKind, { table: string; key: string; select: string; from: string; listed: string }> = {
  profile: {
    table: 'users',
    key: 'u.id',
    select: 'u.username, NULL::text AS slug, NULL::text AS lastmod',
    from: 'users u',
    listed: `${profileContentVisibleSql('u.id', SIGNED_OUT)} AND ${listedAccountSql('u')}`,
  },
  board: {
    table: 'boards',
    key: 'b.id',
    select: `u.username, b.slug, ${w3c('b.updated_at')} AS lastmod`,
    from: 'boards b JOIN users u ON u.id = b.owner_id',
    listed: searchableBoardSql(SIGNED_OUT, 'b'),
  },
  pin: {
    table: 'pins',
    key: 'p.id',
    select: `NULL::text AS username, NULL::text AS slug, ${w3c('p.created_at')} AS lastmod`,
    from: 'pins p JOIN users u ON u.id = p.pinner_id LEFT JOIN boards b ON b.id = p.board_id',
    listed: `${visiblePinSql(SIGNED_OUT)} AND (p.board_id IS NULL OR ${listedBoardSql(SIGNED_OUT, 'b')})`,
  },
};

/** Ids one sub-sitemap query walks at most: a 50,000-address file of Pins takes a few queries, each an index range. */
const SCAN_BATCH = 5_000;

export const sitemapRepo = {
  /**
   * The next `batch` ids of a kind above `afterId`, in id order (a range of
   * the primary key, whatever the rule lets through), each with whether it is
   * listed and, when it is, what its address needs. `scannedTo` is the last id
   * read: where the next batch starts.
   */
  async scan(db: Queryable, kind: SitemapKind, afterId: string, batch = SCAN_BATCH) {
    const { table, key, select, from, listed } = SOURCES[kind];
    // One range of the key, its upper end found by the index alone: PostgreSQL's generic plan walks the
    // key's index for it. (`… ORDER BY id LIMIT $2` with the rule in WHERE, as before, was planned as a scan
    // of every Pin and a sort, for each batch of 1,000.)
    const rows = await db.query<SitemapRow & { listed: boolean }>(
      `SELECT ${key}, ${select}, COALESCE(${listed}, false) AS listed FROM ${from}
       WHERE ${key} > $1::bigint
         AND ${key} <= (SELECT max(id) FROM (SELECT id FROM ${table} WHERE id > $1::bigint ORDER BY id LIMIT ${Math.trunc(batch)}) r)
       ORDER BY ${key}`,
      [afterId],
    );
    return {
      rows: rows.filter((r) => r.listed),
      scannedTo: rows.length ? rows[rows.length - 1]!.id : null,
      done: rows.length < batch,
    };
  },

  /**
   * Where each sub-sitemap of a kind starts: 0, then the id ending every
   * full page of `pageSize` rows (one numbered scan of the ids).
   */
  async pageStarts(db: Queryable, kind: SitemapKind, pageSize: number) {
    const { key, from, listed } = SOURCES[kind];
    const rows = await db.query<{ id: string; total: string }>(
      `SELECT id, total FROM (
         SELECT ${key}, row_number() OVER (ORDER BY ${key}) AS n, count(*) OVER () AS total FROM ${from} WHERE ${listed}
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
