/**
 * Views of partners' profiles and Pins, counted in memory and written in one
 * statement every two seconds, so that reading a Pin or a profile never waits
 * on a write. Reading the monthly figure writes what is pending first, and
 * closing the app writes the rest; a crash can lose at most the last two
 * seconds of views (a statistic, never content).
 */
import type { Db } from '../../db/client';
import { partnerRepo } from './partner.repo';

const FLUSH_EVERY_MS = 2000;
const counters = new WeakMap<Db, ProfileViewCounter>();

export function profileViews(db: Db): ProfileViewCounter {
  let counter = counters.get(db);
  if (!counter) counters.set(db, (counter = new ProfileViewCounter(db)));
  return counter;
}

class ProfileViewCounter {
  private pending = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly db: Db) {}

  record(userId: string) {
    this.pending.set(userId, (this.pending.get(userId) ?? 0) + 1);
    this.timer ??= setTimeout(() => void this.flush().catch(() => {}), FLUSH_EVERY_MS).unref();
  }

  /** Writes what is pending; a failed write keeps the views for the next try. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      if (this.pending.size === 0) return;
      const batch = this.pending;
      this.pending = new Map();
      try {
        await partnerRepo.addViews(this.db, [...batch.keys()], [...batch.values()]);
      } catch (err) {
        for (const [id, n] of batch) this.pending.set(id, (this.pending.get(id) ?? 0) + n);
        throw err;
      }
    });
    return this.flushing;
  }
}
