import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { BARS, PROMPTING_EVENTS, pageKindOf, type UnauthEvent } from '@pinboard/shared/constants/entry';
import { entryChannelOf, inviteCodeOf, referrerKindOf } from '@pinboard/shared/constants/entryChannels';
import { ButtonLink } from '../components/Button/Button';
import { api, apiRoute } from '../lib/api';
import { lazyOverlay } from '../lib/lazyOverlay';
import { TEXTS } from '../lib/texts';
import { recordUnauthEvent, setUpsellTarget, upsell } from '../lib/upsell';

/** Counts the event (UnauthEventResource: event and page kind, nothing about the person). */
function record(event: UnauthEvent) {
  api.resource('UnauthEventResource', 'create', { event, page_kind: pageKindOf(location.pathname) }).catch(() => undefined);
}
import styles from './VisitorLayer.module.css';

const UpsellPrompt = lazyOverlay(() => import('../components/UpsellPrompt/UpsellPrompt'), 'UpsellPrompt');

/**
 * What a signed-out person (not a bot) gets besides the page, loaded for
 * them alone: the landing record, the scroll-down trigger of the signup
 * prompt and its reset, the app-upsell footer, and the prompt (a desktop
 * modal, a phone sheet) that upsell events open.
 */
export function VisitorLayer() {
  const [reason, setReason] = useState<UnauthEvent | null>(null);
  const { pathname } = useLocation();
  const seen = useRef(pathname);
  const armed = useRef(true);

  useEffect(() => {
    setUpsellTarget((event, prompt) => {
      record(event);
      if (prompt && PROMPTING_EVENTS.includes(event)) setReason(event);
    });
    land();
    return () => setUpsellTarget(null);
  }, []);

  // A new page: the trigger starts afresh, and one more page was seen.
  useEffect(() => {
    if (seen.current === pathname) return;
    seen.current = pathname;
    if (!armed.current) recordUnauthEvent('reset_trigger');
    armed.current = true;
    recordUnauthEvent('pages_seen');
  }, [pathname]);

  // Past one screen down the trigger fires (once); back near the top it clears and may fire again.
  useEffect(() => {
    let timer = 0;
    const run = () => {
      timer = 0;
      const y = window.scrollY;
      if (armed.current && y > window.innerHeight && pageKindOf(location.pathname) !== 'login') {
        armed.current = false;
        upsell('scroll_down_trigger');
      } else if (!armed.current && y < BARS.nearTop) {
        armed.current = true;
        recordUnauthEvent('scroll_down_clear');
      }
    };
    const onScroll = () => {
      if (!timer) timer = window.setTimeout(run, BARS.throttleMs);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.clearTimeout(timer);
    };
  }, []);

  const onAuthPage = pageKindOf(pathname) === 'login';
  return (
    <>
      {!onAuthPage && (
        <aside className={styles.footer} aria-label={TEXTS.upsell.footerLabel}>
          <span className={styles.text}>{TEXTS.upsell.footer}</span>
          <ButtonLink to={`/signup/?next=${encodeURIComponent(pathname)}`} variant="primary" size="small">
            {TEXTS.upsell.join}
          </ButtonLink>
        </aside>
      )}
      <UpsellPrompt isOpen={reason !== null} reason={reason ?? 'scroll_down_trigger'} onOpenChange={(open) => !open && setReason(null)} />
    </>
  );
}

/**
 * The first page of a signed-out visit: its entry channel (paid, invite,
 * email, fb, facebook, twitter, SEO…), referrer kind and page kind are
 * stored, with the invite code URL-encoded twice as the spec sends it. Once
 * per browser session.
 */
function land() {
  try {
    if (sessionStorage.getItem('pb_landed')) return;
    sessionStorage.setItem('pb_landed', '1');
  } catch {
    return;
  }
  const params = new URLSearchParams(location.search);
  const referrer = referrerKindOf(document.referrer, location.hostname);
  const code = inviteCodeOf(params);
  const tracking = params.get('sti');
  const body = {
    channel: entryChannelOf(params, referrer),
    referrer,
    page_kind: pageKindOf(location.pathname),
    ...(code ? { invite_code: encodeURIComponent(encodeURIComponent(code)) } : {}),
    ...(tracking ? { tracking_id: tracking } : {}),
  };
  apiRoute('POST /v3/invite_code/attribution/land/', { body }).catch(() => undefined);
}
