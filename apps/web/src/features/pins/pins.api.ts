import type { ResourceOutput } from '@pinboard/shared/contract';
import type { PinReportReason } from '@pinboard/shared/constants/reports';
import type { TCreatePin, TRepin, TUpdatePin } from '@pinboard/shared/schemas/pins';
import { api } from '../../lib/api';
import type { Pin } from '../../lib/answers';

export type { Pin } from '../../lib/answers';

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
export type FoundImage = FoundImages['images'][number];

export type FoundImages = ResourceOutput<'PinBuilderResource', 'get'>;

export async function fetchPin(id: string, signal?: AbortSignal): Promise<Pin> {
  return (await api.resource('PinResource', 'get', { id }, signal)).data;
}

export async function createPin(input: CreatePinInput, image: File): Promise<Pin> {
  return (await api.upload('PinResource', { ...input, method: 'uploaded' }, { image })).data;
}

/** A Pin from an image the browser already holds as a data URL (the create menu's Photo). */
export async function createPinFromDataUrl(input: CreatePinInput & { method?: PinMethod }, imageBase64: string): Promise<Pin> {
  return (await api.resource('PinResource', 'create', { method: 'uploaded', ...input, image_base64: imageBase64 })).data;
}

/** A Pin from an image on a web page; the server fetches it. */
export async function createPinFromUrl(input: CreatePinInput & { method?: PinMethod }, imageUrl: string): Promise<Pin> {
  return (await api.resource('PinResource', 'create', { method: 'scraped', ...input, image_url: imageUrl })).data;
}

export async function updatePin(input: UpdatePinInput): Promise<Pin> {
  return (await api.resource('PinResource', 'update', { ...input })).data;
}

/** Marks one of the viewer's own Pins as a favourite, or no longer. */
export async function setPinFavorite(pinId: string, favorite: boolean) {
  return (await api.resource('PinFavoriteResource', favorite ? 'create' : 'delete', { pin_id: pinId })).data;
}

export async function deletePin(id: string): Promise<void> {
  await api.resource('PinResource', 'delete', { id });
}

export async function repin(input: RepinInput): Promise<Pin> {
  return (await api.resource('RepinResource', 'create', { ...input })).data;
}

export async function findPageImages(link: string, signal?: AbortSignal): Promise<FoundImages> {
  return (await api.resource('PinBuilderResource', 'get', { link }, signal)).data;
}

/** Hides someone else's Pin from the viewer's home feed, or shows it again. */
export async function setPinHidden(pinId: string, hidden: boolean) {
  return (await api.resource('PinHideResource', hidden ? 'create' : 'delete', { pin_id: pinId })).data;
}

/** Reports a Pin (UserReportResource with `pin_id`) for one of the shared PIN_REPORT_REASONS (decision 057). */
export async function reportPin(input: { pin_id: string; reason: PinReportReason }) {
  return (await api.resource('UserReportResource', 'create', { ...input })).data;
}
