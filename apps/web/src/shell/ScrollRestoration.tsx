import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'pinboard-scroll-positions';
const MAX_REMEMBERED = 100;
/** How long a page returned to may take to grow tall enough for its old position (its Pins come from cache or the network). */
const RESTORE_WAIT_MS = 2000;
const USER_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

/**
 * Scrolls to `y`, and while the page is still too short for it, again on each
 * frame as it grows, until it gets there, the person scrolls, or time is up.
 */
function restoreTo(y: number): () => void {
  let frame = 0;
  const deadline = performance.now() + RESTORE_WAIT_MS;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of USER_SCROLL_EVENTS) window.removeEventListener(type, stop);
  };
  const step = () => {
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) < 1 || performance.now() > deadline) stop();
    else frame = requestAnimationFrame(step);
  };
  for (const type of USER_SCROLL_EVENTS) window.addEventListener(type, stop, { passive: true });
  step();
  return stop;
}

/**
 * How this document was loaded: `back_forward` (back or forward to an entry),
 * `reload`, or `navigate` (a typed or pasted address, a bookmark, a link from
 * elsewhere, any other hard navigation).
 */
function documentLoadKind(): string {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type ?? 'navigate';
}

/**
 * Gives the history entry this document was loaded into a key of its own.
 * Without one React Router calls it `default`, and every hard load shares that
 * name: the position saved for one page would be restored on another. Call it
 * before the router reads the history (`main.tsx`); the key stays with the
 * entry through back, forward and reload, as React Router's own keys do.
 */
export function keyThisHistoryEntry(): void {
  const state: unknown = window.history.state;
  if (state && typeof state === 'object' && typeof (state as { key?: unknown }).key === 'string') return;
  const key = Math.random().toString(36).slice(2, 10);
  window.history.replaceState({ usr: null, ...(state && typeof state === 'object' ? state : {}), key }, '');
}

function readPositions(): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/**
 * The window's scroll position per history entry, as a browser keeps it for
 * full page loads: going back or forward returns to where the page was left,
 * a new navigation starts at the top (or at its #hash). Positions live in
 * sessionStorage, so they outlive the document: a reload, or back and forward
 * to an entry that was loaded afresh, return to the entry's own position. A
 * new load (typed, pasted, a bookmark) starts at the top whatever was saved.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Record<string, number> | null>(null);
  const lastY = useRef(0);
  const shownKey = useRef<string | null>(null);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const onScroll = () => void (lastY.current = window.scrollY);
    const save = () => {
      if (positions.current && shownKey.current) positions.current[shownKey.current] = lastY.current;
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions.current ?? {}));
      } catch {
        // Storage full or refused: positions are a nicety.
      }
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  // Before paint, once the new page is in the DOM (a layout effect runs before any scroll event it causes).
  useLayoutEffect(() => {
    positions.current ??= readPositions();
    const saved = positions.current;
    if (shownKey.current !== null) saved[shownKey.current] = lastY.current;
    const keys = Object.keys(saved);
    if (keys.length > MAX_REMEMBERED) for (const old of keys.slice(0, keys.length - MAX_REMEMBERED)) delete saved[old];
    // The first render of a document is a POP for React Router; it returns to a saved position only when the browser went back, forward or reloaded.
    const firstRender = shownKey.current === null;
    const returning = navigationType === 'POP' && (!firstRender || documentLoadKind() !== 'navigate');
    shownKey.current = location.key;
    const back = returning ? saved[location.key] : undefined;
    let stopRestoring: (() => void) | undefined;
    if (back !== undefined) stopRestoring = restoreTo(back);
    else if (location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
    else if (!returning) window.scrollTo(0, 0);
    lastY.current = window.scrollY;
    return stopRestoring;
  }, [location.key, location.hash, navigationType]);

  return null;
}
