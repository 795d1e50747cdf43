import type { TCreatePin, TRepin, TUpdatePin } from '@pinboard/shared/schemas/pins';
import { api } from '../../lib/api';

export type PinImageSize = '170x' | '236x' | '474x' | '736x' | '1200x' | 'orig';

export interface PinImage {
  url: string;
  width: number;
  height: number;
}

export interface UserSummary {
  id: string;
  username: string;
  full_name: string;
  image_medium_url: string | null;
}

export interface Pin {
  id: string;
  title: string;
  description: string;
  link: string | null;
  alt_text: string | null;
  images: Partial<Record<PinImageSize, PinImage>>;
  dominant_color: string;
  width: number;
  height: number;
  pinner: UserSummary;
  board: { id: string; name: string; url: string; privacy: string } | null;
  section_id?: string | null;
  is_repin?: boolean;
  repin_count: number;
  comment_count: number;
  created_at: string;
  /** Only for the Pin's own pinner: marked as a favourite (the own profile's Favorites filter). */
  is_favorite?: boolean;
}

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

/** Which Pins of a board (or section) a bulk action covers: listed ones, or all but the excluded. */
export type PinSelection = { select_all: true; excluded_pin_ids: string[] } | { select_all?: false; pin_ids: string[] };

export interface MovePinsInput {
  board_id: string;
  new_board_id: string;
  old_section_id?: string;
  new_section_id?: string;
  selection: PinSelection;
}

export interface MovePinsResult<B = unknown> {
  moved_pin_ids: string[];
  moved_count: number;
  board: B | null;
  source_board: B | null;
  section_id: string | null;
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

export async function movePins<B>({ selection, ...input }: MovePinsInput): Promise<MovePinsResult<B>> {
  return (await api.send<MovePinsResult<B>>('PinMoveResource', 'create', { ...input, ...selection })).data;
}

export async function deletePins(input: { board_id: string; old_section_id?: string; selection: PinSelection }): Promise<{ deleted_pin_ids: string[]; deleted_count: number }> {
  const { selection, ...rest } = input;
  return (await api.send<{ deleted_pin_ids: string[]; deleted_count: number }>('PinBulkDeleteResource', 'delete', { ...rest, ...selection })).data;
}

/** Hides someone else's Pin from the viewer's home feed, or shows it again. */
export async function setPinHidden(pinId: string, hidden: boolean): Promise<{ pin_id: string; is_hidden: boolean }> {
  return (await api.send<{ pin_id: string; is_hidden: boolean }>('PinHideResource', hidden ? 'create' : 'delete', { pin_id: pinId })).data;
}
