/**
 * An idea Pin's closeup: its pages at 9:16, one at a time, each shown for
 * 5000 ms (Pin-builder defaults, docs/product/profiles-and-boards.md §9) unless paused by
 * hovering or focusing it; previous and next by the arrow buttons, the arrow
 * keys, or a swipe.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { STORY_PIN_PAGE_MS } from '@pinboard/shared/constants/limits';
import { Icon } from '../../../components/Icon/AllIcons';
import { firstImage } from '../../../lib/pinText';
import type { Pin, StoryPinData } from '../../../lib/answers';
import { TEXTS } from '../../../lib/allTexts';
import { VideoPlayer } from './VideoPlayer';
import styles from './StoryPinViewer.module.css';

export function StoryPinViewer({ pin, data }: { pin: Pin; data: StoryPinData }) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const swipeFrom = useRef<number | null>(null);
  const root = useRef<HTMLElement>(null);
  const count = data.pages.length;
  const paused = hovered || focused;
  const page = data.pages[index] ?? data.pages[0];

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % count), STORY_PIN_PAGE_MS);
    return () => window.clearTimeout(timer);
  }, [index, paused, count]);

  const go = (delta: number) => {
    const next = Math.min(count - 1, Math.max(0, index + delta));
    setIndex(next);
    // The arrow button at an end is hidden: keep the keyboard on the viewer.
    if ((next === 0 || next === count - 1) && root.current?.contains(document.activeElement) && document.activeElement !== root.current) root.current.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
    else return;
    event.preventDefault();
  };
  const onPointerDown = (event: PointerEvent) => {
    swipeFrom.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (swipeFrom.current === null) return;
    const dx = event.clientX - swipeFrom.current;
    swipeFrom.current = null;
    if (Math.abs(dx) > 40) go(dx < 0 ? 1 : -1);
  };

  if (!page) return null;
  const title = data.metadata.pin_title || pin.title;
  return (
    <section
      ref={root}
      className={styles.viewer}
      aria-roledescription={TEXTS.ideaPin.carousel}
      aria-label={title || TEXTS.ideaPin.label}
      tabIndex={0}
      data-page={index + 1}
      data-paused={paused || undefined}
      onKeyDown={onKeyDown}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
    >
      <div className={styles.progress} aria-hidden="true">
        {data.pages.map((_, i) => (
          <span
            key={i}
            className={styles.bar}
            data-done={i < index || undefined}
            data-current={i === index || undefined}
            data-paused={paused || undefined}
            style={{ animationDuration: `${STORY_PIN_PAGE_MS}ms` }}
          />
        ))}
      </div>
      <div
        className={styles.page}
        style={{ backgroundColor: page.dominant_color ?? '#222' }}
        aria-live="polite"
        aria-label={TEXTS.ideaPin.pageOf({ n: index + 1, of: count })}
      >
        {page.blocks.map((block, i) => {
          if (block.type === 'story_pin_video_block' && block.video) {
            return (
              <div key={i} className={styles.media}>
                <VideoPlayer videos={block.video} title={title} autoPlay cover />
              </div>
            );
          }
          if (block.type === 'story_pin_image_block' || block.type === 'story_pin_video_block') {
            const image = firstImage(block.image, ['736x', '474x', '1200x', 'orig']);
            return image ? <img key={i} className={styles.media} src={image.url} alt="" /> : null;
          }
          return null;
        })}
        <div className={styles.texts}>
          {page.blocks.map((block, i) =>
            block.type === 'story_pin_paragraph_block' ? (
              <p key={i} className={styles.text}>
                {block.text}
              </p>
            ) : null,
          )}
        </div>
      </div>
      {count > 1 && (
        <>
          <button type="button" className={styles.prev} onClick={() => go(-1)} disabled={index === 0} aria-label={TEXTS.ideaPin.previous}>
            <Icon name="chevronLeft" size={22} />
          </button>
          <button type="button" className={styles.next} onClick={() => go(1)} disabled={index === count - 1} aria-label={TEXTS.ideaPin.next}>
            <Icon name="chevronRight" size={22} />
          </button>
        </>
      )}
      <span className={styles.counter}>{TEXTS.ideaPin.pageOf({ n: index + 1, of: count })}</span>
    </section>
  );
}
