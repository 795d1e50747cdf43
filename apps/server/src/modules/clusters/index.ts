/** The clusters module's public face. */
import type { Queryable } from '../../db/client';
import { computeClusters } from './clusters.compute';
import { clustersRepo } from './clusters.repo';

/** Whether the owner's unorganized Pins make at least one board suggestion. */
export async function hasPinClusters(db: Queryable, userId: string) {
  return computeClusters(await clustersRepo.boardlessPins(db, userId, false), 1).length > 0;
}
