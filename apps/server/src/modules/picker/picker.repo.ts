import type { Queryable } from '../../db/client';
import { pinnableBoardSql, boardCoverSql, type BoardWithOwner } from '../boards';

/** Boards the viewer may save to (their own and those they collaborate on), most recently used first. */
export function boardsToSaveTo(
  db: Queryable,
  viewerId: string,
  opts: { query: string | null; hideSecret: boolean; onlyProtected: boolean; limit: number },
) {
  return db.query<BoardWithOwner>(
    `SELECT b.*, u.username AS owner_username, u.full_name AS owner_full_name, u.image_url AS owner_image_url,
       (b.owner_id <> $1) AS is_collaborator, u.is_private_profile AS owner_is_private, true AS viewer_follows_owner, cp.images AS cover_images, cp.dominant_color AS cover_dominant_color
     FROM boards b
     JOIN users u ON u.id = b.owner_id
  LEFT JOIN LATERAL (${boardCoverSql()}) cp ON true
     WHERE ${pinnableBoardSql('$1')}
       AND ($2::text IS NULL OR b.name ILIKE '%' || $2 || '%')
       AND NOT ($3 AND b.privacy = 'secret')
       AND (NOT $4 OR b.privacy = 'protected')
     ORDER BY COALESCE(b.last_pinned_at, b.created_at) DESC, b.id DESC
     LIMIT $5`,
    [viewerId, opts.query, opts.hideSecret, opts.onlyProtected, opts.limit],
  );
}
