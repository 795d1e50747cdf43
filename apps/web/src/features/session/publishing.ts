import type { Viewer } from './session.api';

/** Experiment groups that turn Pin creation off (docs/product/logged-out-and-business.md §6). */
const DISABLED_GROUPS = new Set(['disable_all', 'disable_web_pins']);

/** True when the viewer's pin_creation experiment group disables publishing from the web. */
export function isPublishingDisabled(viewer: Viewer | null | undefined): boolean {
  const group = viewer?.experiments?.pin_creation;
  return group !== undefined && DISABLED_GROUPS.has(group);
}
