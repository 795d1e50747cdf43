/**
 * The staff's admin page on the wire (decision 106): a failed job named by its queue and id, for retry and
 * discard.
 */
import { z } from 'zod';

/** AdminJobRetryResource and AdminJobDiscardResource create: one failed job. */
export const zAdminJob = z.strictObject({
  queue: z.string().min(1).max(100),
  id: z.guid(),
});
