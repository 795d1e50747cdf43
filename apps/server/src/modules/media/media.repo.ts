/**
 * The SQL behind image visibility: one round trip says whether an image is
 * public (a profile picture, a business cover, or used by a Pin everyone may
 * see) and, for a signed-in viewer, whether that viewer may see it (a Pin
 * they may see uses it, or it is the preview of their own collage draft).
 */
import type { Queryable } from '../../db/client';
import { visiblePinSql } from '../boards/boards.policy';

export const mediaRepo = {
  async access(db: Queryable, mediaBase: string, viewerId: string | null) {
    const [row] = await db.query<{ public: boolean; viewer: boolean }>(
      `SELECT
         EXISTS (SELECT 1 FROM users WHERE image_url LIKE $2)
         OR EXISTS (SELECT 1 FROM users WHERE cover_media_base = $1)
         OR EXISTS (SELECT 1 FROM pins p LEFT JOIN boards b ON b.id = p.board_id
                    WHERE p.media_base = $1 AND ${visiblePinSql('NULL::bigint')}) AS public,
         $3::bigint IS NOT NULL AND (
           EXISTS (SELECT 1 FROM pins p LEFT JOIN boards b ON b.id = p.board_id
                   WHERE p.media_base = $1 AND ${visiblePinSql('$3::bigint')})
           OR EXISTS (SELECT 1 FROM collages WHERE media_base = $1 AND owner_id = $3::bigint AND is_draft)) AS viewer`,
      // Media bases are hex, so only the underscore needs escaping in the pattern.
      [mediaBase, `/media/${mediaBase}\\_%`, viewerId],
    );
    return { public: !!row?.public, visibleToViewer: !!row?.viewer };
  },
};
