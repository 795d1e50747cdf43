import { Suspense, useEffect } from 'react';
import { lazyNamed } from '../lib/lazyNamed';
import { isBotClient } from '../lib/upsell';
import { watchBars } from './scrollBars';

const VisitorLayer = lazyNamed(() => import('./VisitorLayer'), 'VisitorLayer');

/**
 * Logged-out entry in the shell: the header and footer bars' scroll
 * watcher for everyone; for a signed-out person who is not a bot, the
 * visitor layer (landing, scroll trigger, footer, signup prompt), loaded
 * for them alone.
 */
export function EntryLayer({ signedOut }: { signedOut: boolean }) {
  useEffect(() => watchBars(document.documentElement), []);
  return signedOut && !isBotClient() ? (
    <Suspense fallback={null}>
      <VisitorLayer />
    </Suspense>
  ) : null;
}
