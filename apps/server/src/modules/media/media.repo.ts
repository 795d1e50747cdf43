/**
 * The query behind image visibility (its conditions are media.policy's):
 * one round trip says whether an image is public and whether the viewer may
 * see it.
 */
import type { Queryable } from '../../db/client';
import { publicMediaSql, viewerMaySeeMediaSql } from './media.policy';

export const mediaRepo = {
  async access(db: Queryable, mediaBase: string, viewerId: string | null, staffUsernames: string[]) {
    const [row] = await db.query<{ public: boolean; viewer: boolean }>(
      `SELECT ${publicMediaSql('$1', '$2')} AS public, ${viewerMaySeeMediaSql('$1', '$3::bigint', '$4')} AS viewer`,
      // Media bases are hex, so only the underscore needs escaping in the pattern.
      [mediaBase, `/media/${mediaBase}\\_%`, viewerId, staffUsernames],
    );
    return { public: !!row?.public, visibleToViewer: !!row?.viewer };
  },
};
