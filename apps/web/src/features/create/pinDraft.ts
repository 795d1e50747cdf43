import type { PinMethod } from '../pins/pins.api';

/**
 * What the create menu hands to the Pin creation pages in navigation state
 * (docs/product/logged-out-and-business.md §2): the photo as a base64 data URL with an empty
 * description and image URL and the method; or the link for the Pin builder.
 * The board or section the menu was opened on comes along.
 */
export interface UploadedPinState {
  imageBase64: string;
  description: string;
  imageUrl: string;
  method: PinMethod;
  boardId?: string;
  sectionId?: string;
}

export interface PinBuilderState {
  link: string;
  boardId?: string;
  sectionId?: string;
}

const LINK_KEY = 'pinboard.pinBuilder.link';

/** The Pin builder's link also lives in the session, so a reload keeps it. */
export function rememberBuilderLink(link: string) {
  try {
    sessionStorage.setItem(LINK_KEY, link);
  } catch {
    // Storage can be unavailable (private mode); the navigation state still carries the link.
  }
}

export function rememberedBuilderLink(): string {
  try {
    return sessionStorage.getItem(LINK_KEY) ?? '';
  } catch {
    return '';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

const optionalId = (value: unknown) => (typeof value === 'string' && /^\d+$/.test(value) ? value : undefined);

export function readUploadedPinState(value: unknown): UploadedPinState | null {
  if (!isRecord(value) || typeof value.imageBase64 !== 'string' || !value.imageBase64.startsWith('data:image/')) return null;
  const method =
    value.method === 'uploaded' || value.method === 'pinbuilder' || value.method === 'scraped' || value.method === 'button' ? value.method : 'uploaded';
  return {
    imageBase64: value.imageBase64,
    description: typeof value.description === 'string' ? value.description : '',
    imageUrl: typeof value.imageUrl === 'string' ? value.imageUrl : '',
    method,
    boardId: optionalId(value.boardId),
    sectionId: optionalId(value.sectionId),
  };
}

export function readPinBuilderState(value: unknown): PinBuilderState | null {
  if (!isRecord(value) || typeof value.link !== 'string') return null;
  return { link: value.link, boardId: optionalId(value.boardId), sectionId: optionalId(value.sectionId) };
}

/** Reads a chosen image file as a data URL. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unreadable')));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

const PHOTO_DRAFT_PREFIX = 'pinboard.photoDraft.';

/**
 * Keeps the create menu's photo in the session under a new id, so its page has
 * an address of its own (`/pin/create/uploaded/?draft={id}`) that a reload,
 * Back and Forward reopen; answers the id, or null when storage is unavailable
 * (then navigation state alone carries the photo).
 */
export function keepPhotoDraft(state: UploadedPinState): string | null {
  const id = Date.now().toString(36) + Math.random().toString(36).slice(2, 8);
  try {
    sessionStorage.setItem(PHOTO_DRAFT_PREFIX + id, JSON.stringify(state));
    return id;
  } catch {
    return null;
  }
}

/** The photo draft kept under `id`, or null. */
export function keptPhotoDraft(id: string | null): UploadedPinState | null {
  if (!id || !/^[a-z0-9]{1,32}$/.test(id)) return null;
  try {
    const raw = sessionStorage.getItem(PHOTO_DRAFT_PREFIX + id);
    return raw ? readUploadedPinState(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

/** Forgets a photo draft once it is published. */
export function forgetPhotoDraft(id: string | null) {
  if (!id) return;
  try {
    sessionStorage.removeItem(PHOTO_DRAFT_PREFIX + id);
  } catch {
    // Nothing kept.
  }
}
