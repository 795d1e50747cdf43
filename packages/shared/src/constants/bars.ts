/**
 * The header and footer bars (docs/product/logged-out-and-business.md §4, §9), alone in
 * their module: the shell's scroll watcher is on every first paint.
 */
export const BARS = {
  /** Scroll down this far (px) from where the last direction change was before the bars hide. */
  hideAfter: 20,
  /** Within this many px of the top the header always shows. */
  nearTop: 55,
  /** The app-upsell footer comes back on scroll up only past this many px. */
  footerAfter: 500,
  /** Scroll handlers run at most once per this many ms; the board and create-menu helpers use the slower one. */
  throttleMs: 30,
  throttleMsHelpers: 50,
  headerHeight: 64,
  footerHeight: 44,
  transitionMs: 200,
  footerTransitionMs: 300,
  footerZIndex: 660,
  contentHeaderShadowZIndex: 499,
} as const;
