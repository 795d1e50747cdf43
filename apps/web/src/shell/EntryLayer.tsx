import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { UnauthEvent } from '@pinboard/shared/constants/entry';
import { ButtonLink } from '../components/Button/Button';
import { lazyOverlay } from '../lib/lazyOverlay';
import * as TEXTS from '../lib/texts';
import { isBotClient, land, recordUnauthEvent, resetTrigger, scrolledTo, setUpsellTarget } from '../lib/upsell';
import styles from './EntryLayer.module.css';
import { watchBars } from './scrollBars';

const UpsellPrompt = lazyOverlay(() => import('../components/UpsellPrompt/UpsellPrompt'), 'UpsellPrompt');

/**
 * What the shell adds for logged-out entry: the header and footer bars'
 * scroll watcher (everyone), and for a signed-out person (not a bot) the
 * landing record, the app-upsell footer and the signup prompt that
 * upsell events open.
 */
export function EntryLayer({ signedOut }: { signedOut: boolean }) {
  const visitor = signedOut && !isBotClient();
  const [reason, setReason] = useState<UnauthEvent | null>(null);
  const { pathname } = useLocation();
  const seen = useRef(pathname);

  useEffect(() => watchBars(document.documentElement, (y) => scrolledTo(y, window.innerHeight)), []);
  useEffect(() => {
    setUpsellTarget(visitor, setReason);
    land();
    return () => setUpsellTarget(false, null);
  }, [visitor]);
  useEffect(() => {
    if (seen.current === pathname) return;
    seen.current = pathname;
    resetTrigger();
    recordUnauthEvent('pages_seen');
  }, [pathname]);

  if (!visitor) return null;
  const next = encodeURIComponent(pathname);
  return (
    <>
      <aside className={styles.footer} aria-label={TEXTS.upsell.footerLabel}>
        <span className={styles.text}>{TEXTS.upsell.footer}</span>
        <ButtonLink to={`/signup/?next=${next}`} variant="primary" size="small">
          {TEXTS.nav.signUp}
        </ButtonLink>
        <ButtonLink to={`/login/?next=${next}`} variant="secondary" size="small">
          {TEXTS.nav.logIn}
        </ButtonLink>
      </aside>
      <UpsellPrompt isOpen={reason !== null} reason={reason ?? 'scroll_down_trigger'} onOpenChange={(open) => !open && setReason(null)} />
    </>
  );
}
