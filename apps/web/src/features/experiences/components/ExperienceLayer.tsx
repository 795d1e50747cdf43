import { useEffect, useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { Button, ButtonLink, IconButton } from '../../../components/Button/Button';
import { Icon } from '../../../components/Icon/Icon';
import { TEXTS } from '../../../lib/texts';
import type { Experience } from '../experiences.api';
import styles from './ExperienceTooltip.module.css';

const MARGIN = 12;
const GAP = 12;
const MAX_WIDTH = 300;

interface Box {
  top: number;
  left: number;
  right: number;
  bottom: number;
}

/** The pulsar and the tooltip of an experience (loaded when one is to be shown). */
export function ExperienceLayer({
  experience,
  anchorRef,
  onComplete,
  onDismiss,
}: {
  experience: Experience;
  anchorRef: RefObject<HTMLElement | null>;
  onComplete: () => void;
  onDismiss: () => void;
}) {
  const data = experience.display_data;
  const [open, setOpen] = useState(data.has_tooltip && !data.has_pulsar);
  const [focusOnOpen, setFocusOnOpen] = useState(false);
  const anchor = useAnchorBox(anchorRef);
  const tooltipRef = useRef<HTMLDivElement>(null);
  const [tooltipHeight, setTooltipHeight] = useState(0);
  const textId = useId();

  // Escape dismisses, unless it belongs to another overlay or a field.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const active = document.activeElement;
      const inside = !!active && !!tooltipRef.current?.contains(active);
      if (!inside && active instanceof Element && active.closest('[role="dialog"], [role="menu"], [role="listbox"], input, textarea, select')) return;
      onDismiss();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, onDismiss]);

  // A scroll `delay` seconds after showing dismisses.
  useEffect(() => {
    if (!open || !data.scroll_to_dismiss) return;
    const shownAt = Date.now();
    const onScroll = () => {
      if (Date.now() - shownAt >= data.delay * 1000) onDismiss();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [open, data.scroll_to_dismiss, data.delay, onDismiss]);

  useLayoutEffect(() => {
    if (tooltipRef.current) setTooltipHeight(tooltipRef.current.offsetHeight);
  });

  // Opened by the person (from the pulsar): the tooltip takes the focus. Shown by itself, it never steals it.
  useEffect(() => {
    if (open && focusOnOpen) tooltipRef.current?.querySelector<HTMLElement>(`.${styles.complete}`)?.focus();
  }, [open, focusOnOpen]);

  if (!anchor) return null;
  const viewportWidth = document.documentElement.clientWidth;
  const viewportHeight = window.innerHeight;
  const width = Math.min(MAX_WIDTH, viewportWidth - 2 * MARGIN);
  const center = (anchor.left + anchor.right) / 2;
  const left = Math.round(Math.max(MARGIN, Math.min(center - width / 2, viewportWidth - MARGIN - width)));
  const roomBelow = anchor.bottom + GAP + tooltipHeight + MARGIN <= viewportHeight;
  const above = !roomBelow && anchor.top - GAP - tooltipHeight - MARGIN >= 0;
  const top = Math.round(above ? anchor.top - GAP - tooltipHeight : anchor.bottom + GAP);
  const arrowLeft = Math.round(Math.max(20, Math.min(center - left, width - 20)));

  return createPortal(
    <>
      {data.has_pulsar && !open && (
        <button
          type="button"
          className={styles.pulsar}
          style={{ top: Math.round(anchor.top - 6), left: Math.round(anchor.right - 12) }}
          aria-label={TEXTS.experiences.showTip}
          onClick={() => {
            setFocusOnOpen(true);
            setOpen(true);
          }}
        >
          <span className={styles.pulse} aria-hidden="true" />
        </button>
      )}
      {open && (
        <div
          ref={tooltipRef}
          role="dialog"
          aria-modal="false"
          aria-labelledby={textId}
          className={`${styles.tooltip} ${above ? styles.above : ''}`}
          style={{ top, left, width }}
          data-experience-id={experience.experience_id}
        >
          <span className={styles.arrow} style={{ left: arrowLeft }} aria-hidden="true" />
          <p id={textId} className={styles.text}>
            {data.text}
          </p>
          <IconButton label={TEXTS.experiences.dismiss} className={styles.close} onPress={onDismiss}>
            <Icon name="close" size={16} />
          </IconButton>
          <div className={styles.actions}>
            {data.secondary_cta_link ? (
              <ButtonLink to={data.secondary_cta_link} size="small" className={styles.complete} onClick={onComplete}>
                {data.complete_button_text}
              </ButtonLink>
            ) : (
              <Button size="small" className={styles.complete} onPress={onComplete}>
                {data.complete_button_text}
              </Button>
            )}
          </div>
        </div>
      )}
    </>,
    document.body,
  );
}

/** The anchor's box in the viewport, kept current on scroll, resize and layout changes; null while it is not shown. */
function useAnchorBox(anchorRef: RefObject<HTMLElement | null>): Box | null {
  const [box, setBox] = useState<Box | null>(null);
  useLayoutEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const el = anchorRef.current;
      const r = el?.isConnected ? el.getBoundingClientRect() : null;
      const next = r && (r.width > 0 || r.height > 0) ? { top: r.top, left: r.left, right: r.right, bottom: r.bottom } : null;
      setBox((prev) =>
        prev && next && prev.top === next.top && prev.left === next.left && prev.right === next.right && prev.bottom === next.bottom ? prev : next,
      );
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', schedule, { capture: true, passive: true });
    window.addEventListener('resize', schedule);
    const observer = new ResizeObserver(schedule);
    observer.observe(document.body);
    if (anchorRef.current) observer.observe(anchorRef.current);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
      observer.disconnect();
    };
  }, [anchorRef]);
  return box;
}
