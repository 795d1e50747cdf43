/** The tried module's public face. */
import type { Queryable } from '../../db/client';
import { triedRepo } from './tried.repo';

export { eligibleProfileTabs } from './tried.service';

/** Whether the person tried any Pin this viewer may see. */
export const hasVisibleTried = (db: Queryable, viewerId: string | null, userId: string) => triedRepo.hasVisibleTried(db, viewerId, userId);
