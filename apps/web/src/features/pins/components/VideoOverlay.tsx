import { useEffect, useRef, useState } from 'react';
import type { Pin } from '../../../lib/pinTypes';
import { formatDuration, playableVideo } from '../../../lib/pinVideo';
import { useMediaQuery } from '../../../lib/useMediaQuery';
import { Icon } from '../../../components/Icon/AllIcons';
import * as TEXTS from '../../../lib/allTexts';
import styles from './VideoOverlay.module.css';

/**
 * A video Pin's corner badge (play icon and duration) and, while the card is
 * hovered or focused, a muted preview; a GIF plays inline. Nothing moves for
 * people who ask for reduced motion.
 */
export function VideoOverlay({ pin }: { pin: Pin }) {
  const reduced = useMediaQuery('(prefers-reduced-motion: reduce)');
  const badge = useRef<HTMLSpanElement>(null);
  const [active, setActive] = useState(false);
  // The card's media box (the link's parent) is what is hovered or focused.
  useEffect(() => {
    const box = badge.current?.parentElement?.parentElement;
    if (!box) return;
    const on = () => setActive(true);
    const off = () => setActive(false);
    const events: [string, () => void][] = [['pointerenter', on], ['pointerleave', off], ['focusin', on], ['focusout', off]];
    for (const [e, f] of events) box.addEventListener(e, f);
    return () => {
      for (const [e, f] of events) box.removeEventListener(e, f);
    };
  }, []);
  const video = playableVideo(pin);
  const gif = pin.embed_type === 'gif';
  return (
    <>
      {video && (active || gif) && !reduced && (
        <video className={styles.preview} src={video.url} muted loop autoPlay playsInline preload="none" aria-hidden="true" tabIndex={-1} />
      )}
      <span ref={badge} hidden />
      {!gif && (
        <span className={styles.videoBadge} aria-label={video ? TEXTS.video.badge(formatDuration(video.duration)) : TEXTS.video.badgeProcessing}>
          <Icon name="play" size={10} />
          {video ? formatDuration(video.duration) : ''}
        </span>
      )}
    </>
  );
}
