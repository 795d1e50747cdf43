import { TOAST_MS } from '@pinboard/shared/constants/limits';

export interface ToastContent {
  text: string;
  tone?: 'default' | 'error';
  /** A small image shown on the left (e.g. the Pin just saved). */
  thumbnailUrl?: string;
  /** A button in the toast (e.g. Undo); pressing it also closes the toast. */
  action?: { label: string; onAction: () => void };
}

export interface QueuedToast {
  content: ToastContent;
  timeout: number;
}

/*
 * The toast region (Toasts.tsx, react-aria's toast queue and region) is
 * loaded with the first toast; most visits show none. Until it is in, toasts
 * wait here.
 */
const waiting: QueuedToast[] = [];
let region: ((toast: QueuedToast) => void) | null = null;
const listeners = new Set<() => void>();

export function showToast(text: string, options: Omit<ToastContent, 'text'> & { timeout?: number } = {}): void {
  const { timeout = TOAST_MS, ...content } = options;
  const toast = { content: { text, ...content }, timeout };
  if (region) {
    region(toast);
    return;
  }
  waiting.push(toast);
  for (const listener of listeners) listener();
}

/** The loaded region takes the toasts shown so far and every later one. */
export function attachToastRegion(show: (toast: QueuedToast) => void) {
  region = show;
  for (const toast of waiting.splice(0)) show(toast);
}

export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once a toast has been shown (the region is needed from then on). */
export const anyToastShown = () => waiting.length > 0 || region !== null;
