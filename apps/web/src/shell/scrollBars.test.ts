import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchBars } from './scrollBars';

/** A window with a scroll position and listeners, and an <html> with attributes: enough for the watcher. */
function fakeWindow() {
  const listeners = new Set<() => void>();
  const attrs = new Set<string>();
  const win = {
    scrollY: 0,
    addEventListener: (_: string, fn: () => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (id: number) => clearTimeout(id),
  };
  const root = {
    toggleAttribute: (name: string, on: boolean) => (on ? attrs.add(name) : attrs.delete(name)),
    removeAttribute: (name: string) => attrs.delete(name),
  } as unknown as HTMLElement;
  return { win, root, attrs, listeners };
}

describe('header and footer bars', () => {
  let f: ReturnType<typeof fakeWindow>;
  const seen: number[] = [];
  const scrollTo = (y: number) => {
    f.win.scrollY = y;
    for (const fn of f.listeners) fn();
    vi.advanceTimersByTime(30);
  };
  beforeEach(() => {
    vi.useFakeTimers();
    f = fakeWindow();
    vi.stubGlobal('window', f.win);
    seen.length = 0;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('hide after 20 px down past the top zone, come back on scrolling up, always near the top', () => {
    const stop = watchBars(f.root, (y) => seen.push(y));
    scrollTo(40);
    expect(f.attrs.has('data-bars-hidden')).toBe(false); // within 55 px of the top
    scrollTo(70);
    expect(f.attrs.has('data-bars-hidden')).toBe(true);
    scrollTo(400);
    expect(f.attrs.has('data-footer-hidden')).toBe(true);
    scrollTo(390);
    expect(f.attrs.has('data-bars-hidden')).toBe(false);
    expect(f.attrs.has('data-footer-hidden')).toBe(true); // the footer comes back only past 500 px
    scrollTo(405);
    expect(f.attrs.has('data-bars-hidden')).toBe(false); // 15 px down: not yet
    scrollTo(420);
    expect(f.attrs.has('data-bars-hidden')).toBe(true);
    scrollTo(900);
    scrollTo(880);
    expect(f.attrs.has('data-bars-hidden')).toBe(false);
    expect(f.attrs.has('data-footer-hidden')).toBe(false);
    scrollTo(1000);
    scrollTo(30);
    expect(f.attrs.has('data-bars-hidden')).toBe(false);
    expect(seen.at(-1)).toBe(30);
    stop();
    expect(f.listeners.size).toBe(0);
  });

  it('runs at most once per 30 ms, reading the latest position', () => {
    watchBars(f.root, (y) => seen.push(y));
    for (const y of [10, 20, 30, 40]) {
      f.win.scrollY = y;
      for (const fn of f.listeners) fn();
      vi.advanceTimersByTime(5);
    }
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(30);
    expect(seen).toEqual([40]);
  });
});
