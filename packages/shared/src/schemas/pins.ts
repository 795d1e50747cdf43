import { z } from 'zod';
import { PIN_DESCRIPTION_MAX, PIN_TITLE_MAX } from '../constants/limits';
import { MESSAGES } from '../constants/messages';
import { interpolate } from '../text/interpolate';
import { isValidLink, isWebAddress } from '../text/links';
import { zId, zReadExtras } from './common';

const tooLong = (maxLength: number) => interpolate(MESSAGES.board.tooLong, { maxLength });

/** A captions file's characters at most (WebVTT is small text). */
export const CAPTIONS_MAX_CHARS = 100 * 1024;
/** A language tag: `en`, `pt-BR`, `zh-Hant-TW`. */
const LANGUAGE_TAG_RE = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8}){0,3}$/;

/**
 * A video Pin's captions (decision 044): the text of a WebVTT file (checked
 * on the server by parsing) and its language.
 */
const zCaptionsInput = z.strictObject({
  vtt: z.string().min(1).max(CAPTIONS_MAX_CHARS, `A captions file has at most ${CAPTIONS_MAX_CHARS} characters.`),
  language: z.string().regex(LANGUAGE_TAG_RE, 'Use a language tag such as en or pt-BR.'),
});
export type TCaptionsInput = z.infer<typeof zCaptionsInput>;

const zPinMethod = z.enum(['uploaded', 'pinbuilder', 'scraped', 'button']);

export const zCreatePin = z.strictObject({
  board_id: zId.optional(),
  section_id: zId.optional(),
  title: z.string().trim().max(PIN_TITLE_MAX, tooLong(PIN_TITLE_MAX)).optional(),
  description: z.string().trim().max(PIN_DESCRIPTION_MAX, tooLong(PIN_DESCRIPTION_MAX)).optional(),
  alt_text: z.string().trim().max(500).optional(),
  link: z.string().trim().max(2048).refine(isValidLink, MESSAGES.invalidUrl).optional(),
  method: zPinMethod.optional(),
  image_url: z.string().trim().min(1).max(2048).optional(),
  image_base64: z
    .string()
    .max(28 * 1024 * 1024)
    .optional(),
  guid: z.string().max(64).optional(),
  orbac_subject_id: zId.optional(),
  /** With a `video` upload only: its captions. */
  captions: zCaptionsInput.optional(),
});
export type TCreatePin = z.infer<typeof zCreatePin>;

export const zGetPin = z.strictObject({ id: zId, ...zReadExtras });
export const zHomefeed = z.strictObject({ ...zReadExtras });

export const zUpdatePin = z.strictObject({
  id: zId,
  title: z.string().trim().max(PIN_TITLE_MAX, tooLong(PIN_TITLE_MAX)).optional(),
  description: z.string().trim().max(PIN_DESCRIPTION_MAX, tooLong(PIN_DESCRIPTION_MAX)).optional(),
  alt_text: z.string().trim().max(500).optional(),
  link: z.string().trim().max(2048).refine(isValidLink, MESSAGES.invalidUrl).optional(),
  board_id: zId.nullable().optional(),
  section_id: zId.nullable().optional(),
  /** The Pin owner turns its comments on or off (docs/product/api-contract.md §8). */
  comments_enabled: z.boolean().optional(),
  /** A video Pin whose processing failed: queue it again (its pinner only). */
  retry_video: z.literal(true).optional(),
  /** A video Pin's captions: new ones replace the old; null removes them. */
  captions: zCaptionsInput.nullable().optional(),
});
export type TUpdatePin = z.infer<typeof zUpdatePin>;

export const zDeletePin = z.strictObject({ id: zId });

export const zRepin = z.strictObject({
  pin_id: zId,
  board_id: zId.optional(),
  section_id: zId.optional(),
  description: z.string().trim().max(PIN_DESCRIPTION_MAX, tooLong(PIN_DESCRIPTION_MAX)).optional(),
  save_session_id: z.string().max(64).optional(),
  orbac_subject_id: zId.optional(),
});
export type TRepin = z.infer<typeof zRepin>;

/**
 * Which Pins of a board (or one of its sections) a bulk action applies to:
 * the listed `pin_ids`, or with `select_all` every Pin there except
 * `excluded_pin_ids` (inverse selection).
 */
const zSelection = {
  board_id: zId,
  old_section_id: zId.optional(),
  pin_ids: z.array(zId).max(5000).optional(),
  select_all: z.boolean().optional(),
  excluded_pin_ids: z.array(zId).max(5000).optional(),
};

/** A move may run as a business (`orbac_subject_id`); a bulk delete runs as the caller. */
export const zPinMove = z
  .strictObject({ ...zSelection, new_board_id: zId, new_section_id: zId.optional(), orbac_subject_id: zId.optional() })
  .refine((o) => o.select_all || (o.pin_ids?.length ?? 0) > 0, { message: 'pin_ids: choose at least one Pin.', path: ['pin_ids'] });
export type TPinMove = z.infer<typeof zPinMove>;

export const zPinBulkDelete = z
  .strictObject(zSelection)
  .refine((o) => o.select_all || (o.pin_ids?.length ?? 0) > 0, { message: 'pin_ids: choose at least one Pin.', path: ['pin_ids'] });
export type TPinBulkDelete = z.infer<typeof zPinBulkDelete>;

export const zPickerBoards = z.strictObject({
  field_set_key: z.string().max(64).optional(),
  filter: z.enum(['all', 'protected']).optional(),
  username: z.string().max(64).optional(),
  advertiser_id: zId.optional(),
  orbac_subject_id: zId.optional(),
  query: z.string().trim().max(100).optional(),
});

/** Board names derived from a Pin, for the picker's create-board step (docs/product/profiles-and-boards.md §3, §7; decision 057). */
export const zBoardTitleSuggestions = z.strictObject({ pin_id: zId });

/** A board title suggestion: a title and its metadata (what it came from, the value it came from, how sure). */
export type TBoardTitleSuggestion = {
  title: string;
  metadata: { kind: 'topic' | 'pin_title' | 'similar_board'; value: string; confidence: number };
};

export const zPickerShortlist = z.strictObject({
  pin_id: zId.optional(),
  shortlist_length: z.number().int().min(1).max(10).optional(),
  num_shortlist_suggestions: z.number().int().min(0).max(10).optional(),
  orbac_subject_id: zId.optional(),
});

export const zBoardlessPins = z.strictObject({ username: z.string().min(1).max(64), ...zReadExtras });

export const zPinBuilderImages = z.strictObject({
  link: z.string().trim().min(1, MESSAGES.invalidUrl).max(2048).refine(isWebAddress, MESSAGES.invalidUrl),
});

/**
 * BoardPinOrderResource update: place one Pin of a board among its new
 * neighbours in the board's custom order (decision 065). `after_pin_id` is
 * the Pin it now follows (shown just before it), `before_pin_id` the Pin it
 * now precedes; at least one of them.
 */
export const zBoardPinOrder = z
  .strictObject({
    board_id: zId,
    pin_id: zId,
    after_pin_id: zId.optional(),
    before_pin_id: zId.optional(),
  })
  .refine((o) => o.after_pin_id !== undefined || o.before_pin_id !== undefined, {
    message: 'after_pin_id: name the Pin it follows or the Pin it precedes (before_pin_id).',
    path: ['after_pin_id'],
  })
  .refine((o) => o.pin_id !== o.after_pin_id && o.pin_id !== o.before_pin_id && o.after_pin_id !== o.before_pin_id, {
    message: 'pin_id: a Pin cannot be its own neighbour.',
    path: ['pin_id'],
  });
export type TBoardPinOrder = z.infer<typeof zBoardPinOrder>;

/**
 * SameImagePinsResource get, and GET /v3/pins/{id}/same_image/ (decision 095): the Pins the viewer may see that show
 * the same picture as this one (the same bytes, or a perceptual hash at most 7 bits away), nearest first; one page
 * of at most `page_size` (no bookmark follows). 404 for a Pin the viewer may not see.
 */
export const zSameImagePins = z.strictObject({ pin_id: zId, ...zReadExtras });

/**
 * AlreadySavedResource get, and GET /v3/pins/already_saved/ (decision 095): the viewer's own boards that hold a Pin
 * of theirs showing the same picture or link as a Pin (`pin_id`: the closeup, the save flow), an image about to be
 * uploaded (`content_sha256`: the hex SHA-256 of its bytes) or a link (`link`: the Pin builder). At least one.
 */
export const zAlreadySaved = z
  .strictObject({
    pin_id: zId.optional(),
    content_sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/i, 'content_sha256: the SHA-256 of the bytes, 64 hex digits.')
      .optional(),
    link: z.string().trim().max(2048).optional(),
  })
  .refine((o) => o.pin_id !== undefined || o.content_sha256 !== undefined || (o.link ?? '') !== '', {
    message: 'Name a pin_id, a content_sha256 or a link.',
  });
export type TAlreadySaved = z.infer<typeof zAlreadySaved>;

/** A board the viewer already saved the same picture or link to: its id, name and address. */
const zAlreadySavedBoard = z.strictObject({ id: zId, name: z.string(), url: z.string() });

/** The boards, the most recently used first (at most 20); empty when there are none. */
export const zAlreadySavedOut = z.strictObject({ boards: z.array(zAlreadySavedBoard) });
export type TAlreadySavedOut = z.infer<typeof zAlreadySavedOut>;
