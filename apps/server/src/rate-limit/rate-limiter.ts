/**
 * Counters for rate limits. In process by default; Redis when REDIS_URL is
 * set, so that several app servers share one count.
 *
 * A limit that guards work (a password check, a mail) is taken with
 * `consume` or `consumeDecaying` before the work: counting and deciding are
 * one atomic step, so requests that arrive together cannot all slip under
 * the limit. `peek` and `hit` are plain reads and increments.
 */
export interface Consumed {
  /** Whether this attempt is within the limit (it is counted either way for a fixed window). */
  allowed: boolean;
  /** When refused: whole seconds until an attempt may be allowed again (at least 1). 0 when allowed. */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Current count in the window and seconds until the window resets. */
  peek(key: string): Promise<{ count: number; resetSeconds: number }>;
  hit(key: string, windowSeconds: number): Promise<number>;
  /** Counts one attempt in a fixed window and tells, in the same atomic step, whether it is among the first `limit`. */
  consume(key: string, limit: number, windowSeconds: number): Promise<Consumed>;
  /**
   * Counts `count` attempts at once in a fixed window when all of them fit under `limit`, in one
   * atomic step; when they do not, counts none (so a smaller request may still fit).
   */
  consumeMany(key: string, count: number, limit: number, windowSeconds: number): Promise<Consumed>;
  /** Gives back one attempt counted by `consume` (e.g. one that succeeded); never below zero, never outlives the window. */
  release(key: string): Promise<void>;
  /**
   * A budget that comes back gradually (the generic cell rate algorithm): up to `limit` attempts at
   * once, then one more every windowSeconds/limit seconds; all of it back windowSeconds after the
   * last allowed attempt. Refused attempts are not counted, so they never push the budget further away.
   */
  consumeDecaying(key: string, limit: number, windowSeconds: number): Promise<Consumed>;
  /** Forgets the key (both kinds of counter). */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Milliseconds between two attempts of a decaying budget, a whole number so that stored times stay integers. */
export const decayIntervalMs = (limit: number, windowSeconds: number) => Math.max(1, Math.round((windowSeconds * 1000) / Math.max(1, limit)));

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  /** Decaying budgets: the theoretical arrival time of the next attempt, in ms. */
  private readonly tats = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  async peek(key: string) {
    const w = this.live(key);
    return w ? { count: w.count, resetSeconds: Math.ceil((w.resetAt - this.now()) / 1000) } : { count: 0, resetSeconds: 0 };
  }

  async hit(key: string, windowSeconds: number) {
    return this.increment(key, windowSeconds).count;
  }

  async consume(key: string, limit: number, windowSeconds: number): Promise<Consumed> {
    // No await between reading and writing: in one process this is atomic.
    const w = this.increment(key, windowSeconds);
    return w.count <= limit ? { allowed: true, retryAfterSeconds: 0 } : { allowed: false, retryAfterSeconds: seconds(w.resetAt - this.now()) };
  }

  async consumeMany(key: string, count: number, limit: number, windowSeconds: number): Promise<Consumed> {
    // No await between reading and writing: in one process this is atomic.
    const w = this.live(key);
    if ((w?.count ?? 0) + count > limit) return { allowed: false, retryAfterSeconds: w ? seconds(w.resetAt - this.now()) : windowSeconds };
    const next = w ?? { count: 0, resetAt: this.now() + windowSeconds * 1000 };
    next.count += count;
    this.windows.set(key, next);
    if (this.windows.size > 100_000) this.sweep();
    return { allowed: true, retryAfterSeconds: 0 };
  }

  async release(key: string) {
    const w = this.live(key);
    if (w && w.count > 0) w.count -= 1;
  }

  async consumeDecaying(key: string, limit: number, windowSeconds: number): Promise<Consumed> {
    const now = this.now();
    const interval = decayIntervalMs(limit, windowSeconds);
    const windowMs = windowSeconds * 1000;
    const next = Math.max(this.tats.get(key) ?? 0, now) + interval;
    if (next - now > windowMs) return { allowed: false, retryAfterSeconds: seconds(next - windowMs - now) };
    this.tats.set(key, next);
    if (this.tats.size > 100_000) this.sweep();
    return { allowed: true, retryAfterSeconds: 0 };
  }

  async reset(key: string) {
    this.windows.delete(key);
    this.tats.delete(key);
  }

  async close() {}

  private increment(key: string, windowSeconds: number) {
    const w = this.live(key) ?? { count: 0, resetAt: this.now() + windowSeconds * 1000 };
    w.count += 1;
    this.windows.set(key, w);
    if (this.windows.size > 100_000) this.sweep();
    return w;
  }

  private live(key: string) {
    const w = this.windows.get(key);
    if (w && w.resetAt <= this.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return w;
  }

  private sweep() {
    const now = this.now();
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
    for (const [k, tat] of this.tats) if (tat <= now) this.tats.delete(k);
  }
}
