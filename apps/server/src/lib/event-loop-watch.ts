/**
 * Test support: runs some asynchronous work and reports how long the event
 * loop was held while it ran. Tests use it to show that work on input from
 * outside (fetched pages) never stops the server from serving others: they
 * assert on the longest stall, not on how long the work itself took.
 * Nothing in the server imports this.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface EventLoopReport<T> {
  outcome: PromiseSettledResult<T>;
  /** The longest time, in ms, a 10 ms timer fired late while the work ran. */
  longestStallMs: number;
  /** How many times that timer fired. */
  ticks: number;
  elapsedMs: number;
}

export async function watchEventLoop<T>(work: () => Promise<T>): Promise<EventLoopReport<T>> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  let ticks = 0;
  let last = performance.now();
  let longestGap = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longestGap = Math.max(longestGap, now - last - 10);
    last = now;
    ticks++;
  }, 10);
  histogram.enable();
  const started = performance.now();
  // Let the timers start before the work does.
  await new Promise((resolve) => setTimeout(resolve, 20));
  let outcome: PromiseSettledResult<T>;
  try {
    outcome = { status: 'fulfilled', value: await work() };
  } catch (reason) {
    outcome = { status: 'rejected', reason };
  }
  // One more turn so that a stall at the very end is seen.
  await new Promise((resolve) => setTimeout(resolve, 20));
  histogram.disable();
  clearInterval(timer);
  const elapsedMs = performance.now() - started;
  return { outcome, longestStallMs: Math.max(longestGap, histogram.max / 1e6), ticks, elapsedMs };
}
