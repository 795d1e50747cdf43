import { useCallback, useState } from 'react';

/**
 * The 'New!' callout (docs/product/profiles-and-boards.md §4): shown to the owner on a new
 * part of their profile until they dismiss it (by opening it). Remembered in
 * this browser, per person and per callout.
 */
const storageKey = (userId: string, name: string) => `pinboard:new-callout:${name}:${userId}`;

function readDismissed(key: string): boolean {
  try {
    return window.localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

export function useNewCallout(userId: string | null, name: string): { shown: boolean; dismiss: () => void } {
  const key = userId ? storageKey(userId, name) : null;
  const [dismissed, setDismissed] = useState(() => (key ? readDismissed(key) : true));
  const dismiss = useCallback(() => {
    if (!key) return;
    setDismissed(true);
    try {
      window.localStorage.setItem(key, '1');
    } catch {
      // Private browsing: the callout just comes back next time.
    }
  }, [key]);
  return { shown: !!key && !dismissed, dismiss };
}
