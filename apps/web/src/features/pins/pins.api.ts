import type { PinReportReason } from '@pinboard/shared/constants/reports';
import type { TCreatePin, TRepin, TUpdatePin } from '@pinboard/shared/schemas/pins';
import { api } from '../../lib/api';
import type { Pin } from '../../lib/pinTypes';

export type { Pin, PinImage, PinImageSize } from '../../lib/pinTypes';

/*
 * What the server accepts is the shared package's schemas (packages/shared/src/schemas/pins.ts);
 * the inputs below are those types, narrowed to what the web app sends.
 */
export type PinMethod = NonNullable<TCreatePin['method']>;

export type CreatePinInput = Pick<TCreatePin, 'board_id' | 'section_id' | 'title' | 'description' | 'link' | 'alt_text'>;

export type UpdatePinInput = TUpdatePin;

/** No board: the Pin is saved to the profile (boardless). */
export type RepinInput = Pick<TRepin, 'pin_id' | 'board_id' | 'section_id' | 'save_session_id'>;

/** An image found on a web page by the Pin builder. */
export interface FoundImage {
  url: string;
  width?: number;
  height?: number;
  alt?: string;
  source: 'og' | 'twitter' | 'img';
}

export interface FoundImages {
  link: string;
  title: string | null;
  description: string | null;
  images: FoundImage[];
}

export async function fetchPin(id: string, signal?: AbortSignal): Promise<Pin> {
  return (await api.get<Pin>('PinResource', { id }, signal)).data;
}

export async function createPin(input: CreatePinInput, image: File): Promise<Pin> {
  return (await api.upload<Pin>('PinResource', { ...input, method: 'uploaded' }, { image })).data;
}

/** A Pin from an image the browser already holds as a data URL (the create menu's Photo). */
export async function createPinFromDataUrl(input: CreatePinInput & { method?: PinMethod }, imageBase64: string): Promise<Pin> {
  return (await api.send<Pin>('PinResource', 'create', { method: 'uploaded', ...input, image_base64: imageBase64 })).data;
}

/** A Pin from an image on a web page; the server fetches it. */
export async function createPinFromUrl(input: CreatePinInput & { method?: PinMethod }, imageUrl: string): Promise<Pin> {
  return (await api.send<Pin>('PinResource', 'create', { method: 'scraped', ...input, image_url: imageUrl })).data;
}

export async function updatePin(input: UpdatePinInput): Promise<Pin> {
  return (await api.send<Pin>('PinResource', 'update', { ...input })).data;
}

/** Marks one of the viewer's own Pins as a favourite, or no longer. */
export async function setPinFavorite(pinId: string, favorite: boolean): Promise<{ pin_id: string; is_favorite: boolean }> {
  return (await api.send<{ pin_id: string; is_favorite: boolean }>('PinFavoriteResource', favorite ? 'create' : 'delete', { pin_id: pinId })).data;
}

export async function deletePin(id: string): Promise<void> {
  await api.send('PinResource', 'delete', { id });
}

export async function repin(input: RepinInput): Promise<Pin> {
  return (await api.send<Pin>('RepinResource', 'create', { ...input })).data;
}

export async function findPageImages(link: string, signal?: AbortSignal): Promise<FoundImages> {
  return (await api.get<FoundImages>('PinBuilderResource', { link }, signal)).data;
}

/** Hides someone else's Pin from the viewer's home feed, or shows it again. */
export async function setPinHidden(pinId: string, hidden: boolean): Promise<{ pin_id: string; is_hidden: boolean }> {
  return (await api.send<{ pin_id: string; is_hidden: boolean }>('PinHideResource', hidden ? 'create' : 'delete', { pin_id: pinId })).data;
}

/** Reports a Pin (UserReportResource with `pin_id`) for one of the shared PIN_REPORT_REASONS (decision 057). */
export async function reportPin(input: { pin_id: string; reason: PinReportReason }): Promise<{ id: string; status: string }> {
  return (await api.send<{ id: string; status: string }>('UserReportResource', 'create', { ...input })).data;
}
