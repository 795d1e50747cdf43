import type { Queryable } from '../../db/client';
import { selectVisiblePinsSql, type PinWithRefs } from '../../kernel';

/** How many of the newest unorganized Pins are looked at for suggestions. */
const CLUSTER_CANDIDATES = 500;

export const clustersRepo = {
  /**
   * The person's own boardless Pins, newest first, through the visibility
   * rule; `excludeQuickSaves` leaves out saves of other Pins (quick saves),
   * keeping the Pins they made themselves.
   */
  boardlessPins(db: Queryable, userId: string, excludeQuickSaves: boolean) {
    return db.query<PinWithRefs>(
      `${selectVisiblePinsSql()} AND p.pinner_id = $1 AND p.board_id IS NULL AND (NOT $2 OR p.parent_pin_id IS NULL)
       ORDER BY p.id DESC LIMIT $3`,
      [userId, excludeQuickSaves, CLUSTER_CANDIDATES],
    );
  },

  /** Puts those of the Pins still boardless and the person's own on the board; answers the ids moved. */
  async moveToBoard(db: Queryable, userId: string, pinIds: string[], boardId: string) {
    const rows = await db.query<{ id: string }>(
      `UPDATE pins SET board_id = $3, section_id = NULL
       WHERE id = ANY($2::bigint[]) AND pinner_id = $1 AND board_id IS NULL RETURNING id`,
      [userId, pinIds, boardId],
    );
    return rows.map((r) => r.id);
  },
};
