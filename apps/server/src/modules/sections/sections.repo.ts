import type { Queryable } from '../../db/client';
import { countedPinSql } from '../../kernel';

export interface SectionRow {
  id: string;
  board_id: string;
  title: string;
  slug: string;
  position: number;
  created_at: Date;
  pin_count: number;
  preview: { '236x'?: { url: string; width: number; height: number } }[] | null;
}

/**
 * A section with its count and preview, both over the Pins its list shows: not taken out by a decision,
 * and not a removed collaborator's (boards.policy countedPinSql, decision 045). Built on first use, once
 * every module is loaded.
 */
let selectSections: string | undefined;
function selectSectionsSql() {
  return (selectSections ??= `
  SELECT s.*, (SELECT count(*)::int FROM pins p WHERE p.section_id = s.id AND ${countedPinSql('p', 'sb.owner_id')}) AS pin_count,
    (SELECT json_agg(x.images) FROM (SELECT p.images FROM pins p WHERE p.section_id = s.id AND ${countedPinSql('p', 'sb.owner_id')} ORDER BY p.id DESC LIMIT 3) x) AS preview
  FROM board_sections s JOIN boards sb ON sb.id = s.board_id`);
}

export const sectionsRepo = {
  async byId(db: Queryable, id: string) {
    const [row] = await db.query<SectionRow>(`${selectSectionsSql()} WHERE s.id = $1`, [id]);
    return row ?? null;
  },

  async bySlug(db: Queryable, boardId: string, slug: string) {
    const [row] = await db.query<SectionRow>(`${selectSectionsSql()} WHERE s.board_id = $1 AND s.slug = $2`, [boardId, slug]);
    return row ?? null;
  },

  listForBoard(db: Queryable, boardId: string) {
    return db.query<SectionRow>(`${selectSectionsSql()} WHERE s.board_id = $1 ORDER BY s.position, s.id`, [boardId]);
  },

  async slugs(db: Queryable, boardId: string) {
    return new Set((await db.query<{ slug: string }>('SELECT slug FROM board_sections WHERE board_id = $1', [boardId])).map((r) => r.slug));
  },

  async insert(db: Queryable, s: { id: string; board_id: string; title: string; slug: string }) {
    await db.query(
      `INSERT INTO board_sections (id, board_id, title, slug, position)
       VALUES ($1, $2, $3, $4, COALESCE((SELECT max(position) + 1 FROM board_sections WHERE board_id = $2), 0))`,
      [s.id, s.board_id, s.title, s.slug],
    );
    await db.query('UPDATE boards SET section_count = section_count + 1, updated_at = now() WHERE id = $1', [s.board_id]);
  },

  async rename(db: Queryable, id: string, title: string, slug: string) {
    await db.query('UPDATE board_sections SET title = $2, slug = $3 WHERE id = $1', [id, title, slug]);
  },

  async setPositions(db: Queryable, orderedIds: string[]) {
    await db.query('UPDATE board_sections s SET position = o.ord - 1 FROM unnest($1::bigint[]) WITH ORDINALITY AS o(id, ord) WHERE s.id = o.id', [orderedIds]);
  },

  /** Deletes a section; its Pins stay on the board. */
  async delete(db: Queryable, section: { id: string; board_id: string }) {
    await db.query('UPDATE pins SET section_id = NULL WHERE section_id = $1', [section.id]);
    await db.query('DELETE FROM board_sections WHERE id = $1', [section.id]);
    await db.query('UPDATE boards SET section_count = GREATEST(section_count - 1, 0), updated_at = now() WHERE id = $1', [section.board_id]);
  },
};
