import { TOAST_MS } from '@pinboard/shared/constants/limits';
import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components';

export interface ToastContent {
  text: string;
  tone?: 'default' | 'error';
  /** A small image shown on the left (e.g. the Pin just saved). */
  thumbnailUrl?: string;
  /** A button in the toast (e.g. Undo); pressing it also closes the toast. */
  action?: { label: string; onAction: () => void };
}

/** The app's one toast queue; the region in the shell shows it. */
export const toastQueue = new ToastQueue<ToastContent>({ maxVisibleToasts: 3 });

export function showToast(text: string, options: Omit<ToastContent, 'text'> & { timeout?: number } = {}): string {
  const { timeout = TOAST_MS, ...content } = options;
  return toastQueue.add({ text, ...content }, { timeout });
}
