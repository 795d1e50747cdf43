import { Suspense, useSyncExternalStore } from 'react';
import { lazyNamed } from '../../lib/lazyNamed';
import { anyToastShown, subscribeToToasts } from './toasts';

const Toasts = lazyNamed(() => import('./Toasts'), 'Toasts');

/**
 * The toast region (react-aria), loaded with the first toast: most visits
 * show none. Toasts shown meanwhile wait in toasts.ts and show once it is in.
 */
export function ToastsWhenShown() {
  const needed = useSyncExternalStore(subscribeToToasts, anyToastShown, anyToastShown);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}
