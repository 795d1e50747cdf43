/**
 * The header and footer bars (docs/product/logged-out-and-business.md §4, §9): they hide
 * after about 20 px of scrolling down and come back on scrolling up or near
 * the top (55 px); the footer comes back on scrolling up only past 500 px.
 * One passive scroll listener, run at most every 30 ms; it sets
 * `data-bars-hidden` and `data-footer-hidden` on <html>, and CSS moves the
 * bars (no React render per scroll). Returns the function that stops it.
 */
import { BARS } from '@pinboard/shared/constants/bars';

export function watchBars(root: HTMLElement, onScrolled?: (y: number) => void, throttleMs: number = BARS.throttleMs): () => void {
  let last = Math.max(0, window.scrollY);
  let turnedAt = last;
  let down = false;
  let timer = 0;
  let hidden = false;
  let footerHidden = false;
  const run = () => {
    timer = 0;
    const y = Math.max(0, window.scrollY);
    if (y !== last && y > last !== down) {
      down = y > last;
      turnedAt = last;
    }
    if (y < BARS.nearTop) hidden = false;
    else if (down && y - turnedAt >= BARS.hideAfter) hidden = footerHidden = true;
    else if (!down && y < last) {
      hidden = false;
      if (y > BARS.footerAfter) footerHidden = false;
    }
    last = y;
    root.toggleAttribute('data-bars-hidden', hidden);
    root.toggleAttribute('data-footer-hidden', footerHidden);
    onScrolled?.(y);
  };
  const onScroll = () => {
    if (!timer) timer = window.setTimeout(run, throttleMs);
  };
  window.addEventListener('scroll', onScroll, { passive: true });
  return () => {
    window.removeEventListener('scroll', onScroll);
    window.clearTimeout(timer);
    root.removeAttribute('data-bars-hidden');
    root.removeAttribute('data-footer-hidden');
  };
}
