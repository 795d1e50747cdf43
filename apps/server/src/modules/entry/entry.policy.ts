/**
 * Who may see the entry statistics: staff (users.is_employee) only. Anyone
 * else is answered as if the page did not exist.
 */
import type { Queryable } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { entryRepo } from './entry.repo';

export async function maySeeEntryStatistics(db: Queryable, viewer: Viewer | null): Promise<boolean> {
  return viewer !== null && (await entryRepo.isEmployee(db, viewer.id));
}
