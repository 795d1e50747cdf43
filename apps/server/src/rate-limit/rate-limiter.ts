/**
 * Fixed-window counters for rate limits. In process by default; Redis when
 * REDIS_URL is set, so that several app servers share one count.
 */
export interface RateLimiter {
  /** Current count in the window and seconds until the window resets. */
  peek(key: string): Promise<{ count: number; resetSeconds: number }>;
  hit(key: string, windowSeconds: number): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  async peek(key: string) {
    const w = this.live(key);
    return w ? { count: w.count, resetSeconds: Math.ceil((w.resetAt - Date.now()) / 1000) } : { count: 0, resetSeconds: 0 };
  }

  async hit(key: string, windowSeconds: number) {
    const w = this.live(key) ?? { count: 0, resetAt: Date.now() + windowSeconds * 1000 };
    w.count += 1;
    this.windows.set(key, w);
    if (this.windows.size > 100_000) this.sweep();
    return w.count;
  }

  async reset(key: string) {
    this.windows.delete(key);
  }

  async close() {}

  private live(key: string) {
    const w = this.windows.get(key);
    if (w && w.resetAt <= Date.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return w;
  }

  private sweep() {
    const now = Date.now();
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}
