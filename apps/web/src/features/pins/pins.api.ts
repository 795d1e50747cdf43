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
  repin_count: number;
  comment_count: number;
  created_at: string;
}

export interface CreatePinInput {
  board_id?: string;
  title?: string;
  description?: string;
  link?: string;
  alt_text?: string;
}

export async function fetchPin(id: string, signal?: AbortSignal): Promise<Pin> {
  return (await api.get<Pin>('PinResource', { id }, signal)).data;
}

export async function createPin(input: CreatePinInput, image: File): Promise<Pin> {
  return (await api.upload<Pin>('PinResource', { ...input, method: 'uploaded' }, { image })).data;
}
