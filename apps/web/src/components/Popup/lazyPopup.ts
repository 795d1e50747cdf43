import { lazyOverlay } from '../../lib/lazyOverlay';
import type { PopupState } from './usePopupTrigger';

/** A popup component (props include `popup`) loaded on its first opening or on preload(). */
export function lazyPopup<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazyOverlay(load, name, (props) => (props as { popup: PopupState }).popup.isOpen);
}
