import { useEffect, useRef, useState } from 'react';
import type { Pin, VideoRendition } from '../../../lib/answers';
import { useMediaQuery } from '../../../lib/useMediaQuery';
import { Icon } from '../../../components/Icon/AllIcons';
import { TEXTS } from '../../../lib/allTexts';

/** A video counts as present only with its thumbnail, url, width and height (docs/product/logged-out-and-business.md §5). */
export function playableVideo(pin: Pick<Pin, 'videos'>): VideoRendition | null {
  const v = pin.videos?.video_list.V_720P;
  return v && v.thumbnail && v.url && v.width && v.height ? v : null;
}

/** m:ss of a duration in ms. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

const PREVIEW = { position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', pointerEvents: 'none' } as const;
const BADGE = {
  position: 'absolute',
  left: 8,
  bottom: 8,
  display: 'inline-flex',
  alignItems: 'center',
  gap: 4,
  padding: '3px 8px',
  borderRadius: 12,
  background: 'rgb(0 0 0 / 0.6)',
  color: '#fff',
  fontSize: 12,
  fontWeight: 600,
  fontVariantNumeric: 'tabular-nums',
  pointerEvents: 'none',
} as const;

/**
 * A video Pin's corner badge (play icon and duration) and, while the card is
 * hovered or focused, a muted preview; a GIF plays inline. Nothing moves for
 * people who ask for reduced motion.
 */
export default function VideoOverlay({ pin }: { pin: Pin }) {
  const reduced = useMediaQuery('(prefers-reduced-motion: reduce)');
  const badge = useRef<HTMLSpanElement>(null);
  const [active, setActive] = useState(false);
  // The card's media box (the parent of the link and of this overlay) is what is hovered or focused.
  useEffect(() => {
    const box = badge.current?.parentElement;
    if (!box) return;
    const on = () => setActive(true);
    const off = () => setActive(false);
    const events: [string, () => void][] = [
      ['pointerenter', on],
      ['pointerleave', off],
      ['focusin', on],
      ['focusout', off],
    ];
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
        <video style={PREVIEW} src={video.url} muted loop autoPlay playsInline preload="none" aria-hidden="true" tabIndex={-1} />
      )}
      <span ref={badge} hidden />
      {!gif && (
        <span style={BADGE} role="img" aria-label={video ? TEXTS.video.badge({ time: formatDuration(video.duration) }) : TEXTS.video.badgeProcessing}>
          <Icon name="play" size={10} />
          {video ? formatDuration(video.duration) : ''}
        </span>
      )}
    </>
  );
}
