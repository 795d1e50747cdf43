/**
 * The request bodies and queries of API v5 (decision 100), with the field names of Pinterest's OpenAPI document.
 * Fields Pinterest defines that we have no use for are let through and ignored (clients send them); what we read
 * is checked here, then again by our own input schemas where the body becomes a service's input.
 */
import { PAGE_SIZE_MAX } from '@pinboard/shared/constants/limits';
import { zId } from '@pinboard/shared/schemas/common';
import { z } from 'zod';

const nullableText = z.string().nullable().optional();

/** `page_size` (1–250; without it, the one default of lib/paging.ts `pageRequestOf`: 25) and `bookmark`. */
export const zV5Page = z.object({
  page_size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).optional(),
  bookmark: z.string().max(4096).optional(),
});

export const zV5BoardList = zV5Page.extend({
  privacy: z.enum(['PUBLIC', 'PROTECTED', 'SECRET', 'ALL']).optional(),
  ad_account_id: z.string().optional(),
});

export const zV5BoardCreate = z.object({
  name: z.string(),
  description: nullableText,
  privacy: z.enum(['PUBLIC', 'PROTECTED', 'SECRET']).optional(),
  is_ads_only: z.boolean().optional(),
});

export const zV5BoardUpdate = z.object({
  name: z.string().optional(),
  description: nullableText,
  privacy: z.enum(['PUBLIC', 'SECRET']).optional(),
});

export const zV5Section = z.object({ name: z.string() });

const zImageUrlSource = z.object({ source_type: z.literal('image_url'), url: z.string().min(1).max(2048), is_standard: z.boolean().optional() });
const zImageBase64Source = z.object({
  source_type: z.literal('image_base64'),
  content_type: z.enum(['image/jpeg', 'image/png']),
  data: z
    .string()
    .min(1)
    .max(28 * 1024 * 1024)
    .regex(/^[a-zA-Z0-9+/=\s]+$/, 'data: not valid base64.'),
  is_standard: z.boolean().optional(),
});
const zImagesUrlSource = z.object({
  source_type: z.literal('multiple_image_urls'),
  items: z
    .array(z.object({ url: z.string().min(1).max(2048), title: z.string().optional(), description: z.string().optional(), link: z.string().optional() }))
    .min(2)
    .max(5),
  index: z.number().int().min(0).optional(),
});
const zVideoIdSource = z.object({
  source_type: z.literal('video_id'),
  media_id: zId,
  cover_image_url: z.string().min(1).max(2048).optional(),
  cover_image_content_type: z.enum(['image/jpeg', 'image/png']).optional(),
  cover_image_data: z
    .string()
    .max(28 * 1024 * 1024)
    .regex(/^[a-zA-Z0-9+/=\s]+$/, 'cover_image_data: not valid base64.')
    .optional(),
  cover_image_key_frame_time: z.number().int().min(0).optional(),
  is_standard: z.boolean().optional(),
});

const zV5MediaSource = z.discriminatedUnion('source_type', [zImageUrlSource, zImageBase64Source, zImagesUrlSource, zVideoIdSource], {
  error: 'source_type: one of image_url, image_base64, multiple_image_urls or video_id.',
});
export type TV5MediaSource = z.infer<typeof zV5MediaSource>;

export const zV5PinCreate = z.object({
  board_id: zId,
  board_section_id: zId.nullable().optional(),
  title: nullableText,
  description: nullableText,
  link: nullableText,
  alt_text: nullableText,
  dominant_color: nullableText,
  parent_pin_id: zId.nullable().optional(),
  media_source: zV5MediaSource,
});

export const zV5PinUpdate = z.object({
  board_id: zId.optional(),
  board_section_id: zId.nullable().optional(),
  title: nullableText,
  description: nullableText,
  link: nullableText,
  alt_text: nullableText,
});

export const zV5PinSave = z.object({ board_id: zId.nullable().optional(), board_section_id: zId.nullable().optional() });

/** `GET /v5/pins/{id}`: `pin_metrics=true` asks for the Pin's metrics (its owner's alone). */
export const zV5PinGet = z.object({ pin_metrics: z.enum(['true', 'false']).optional() });

export const zV5MediaCreate = z.object({ media_type: z.literal('video', { error: 'media_type: only video uploads are taken.' }) });

/** `GET /v5/pinboard/already_saved`: our own extension (decision 100), the pins module's "already saved to …". */
export const zV5AlreadySaved = z.object({ link: z.string().optional(), content_sha256: z.string().optional() });
