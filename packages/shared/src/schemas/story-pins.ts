/**
 * Idea (story) Pins (docs/product/api-contract.md §8): StoryPinResource create and update,
 * and the page uploads they refer to (StoryPinMediaResource).
 */
import { z } from 'zod';
import { PIN_DESCRIPTION_MAX, PIN_TITLE_MAX, STORY_PIN_MAX_BLOCKS, STORY_PIN_MAX_PAGES } from '../constants/limits';
import { MESSAGES } from '../constants/messages';
import { interpolate } from '../text/interpolate';
import { zId } from './common';

const tooLong = (maxLength: number) => interpolate(MESSAGES.board.tooLong, { maxLength });
const STORY_PARAGRAPH_MAX = 500;

/** Editing a published Idea Pin: a page keeps the media of its page at this index (0-based) as the Pin is now. */
const zKeepPage = z
  .number()
  .int()
  .min(0)
  .max(STORY_PIN_MAX_PAGES - 1);

const zStoryBlockIn = z.discriminatedUnion(
  'type',
  [
    z.strictObject({
      type: z.literal('story_pin_image_block'),
      /** An image uploaded with StoryPinMediaResource… */
      media_id: zId.optional(),
      /** …or sent here as a data URL… */
      image_base64: z
        .string()
        .max(28 * 1024 * 1024)
        .optional(),
      /** …or, when editing, the image of a page the Pin has now. */
      keep_page: zKeepPage.optional(),
    }),
    z.strictObject({ type: z.literal('story_pin_video_block'), media_id: zId.optional(), keep_page: zKeepPage.optional() }),
    z.strictObject({ type: z.literal('story_pin_paragraph_block'), text: z.string().trim().min(1).max(STORY_PARAGRAPH_MAX, tooLong(STORY_PARAGRAPH_MAX)) }),
  ],
  { error: 'type: a block is story_pin_image_block, story_pin_video_block or story_pin_paragraph_block.' },
);
type TStoryBlockIn = z.infer<typeof zStoryBlockIn>;

const isMedia = (b: TStoryBlockIn) => b.type !== 'story_pin_paragraph_block';

const zStoryPageIn = z
  .strictObject({ blocks: z.array(zStoryBlockIn).min(1).max(STORY_PIN_MAX_BLOCKS) })
  .refine((p) => p.blocks.filter(isMedia).length === 1, { message: 'blocks: each page has exactly one image or video block.' })
  .refine(
    (p) =>
      p.blocks.every((b) => {
        if (b.type === 'story_pin_image_block') return [b.media_id, b.image_base64, b.keep_page].filter((x) => x !== undefined).length === 1;
        if (b.type === 'story_pin_video_block') return (b.media_id === undefined) !== (b.keep_page === undefined);
        return true;
      }),
    { message: 'blocks: an image block has one of media_id, image_base64 or keep_page; a video block media_id or keep_page.' },
  );
export type TStoryPageIn = z.infer<typeof zStoryPageIn>;

const zPages = z
  .array(zStoryPageIn)
  .min(1, 'pages: an Idea Pin has at least one page.')
  .max(STORY_PIN_MAX_PAGES, `pages: an Idea Pin has at most ${STORY_PIN_MAX_PAGES} pages.`);

export const zCreateStoryPin = z.strictObject({
  board_id: zId,
  section_id: zId.optional(),
  title: z.string().trim().max(PIN_TITLE_MAX, tooLong(PIN_TITLE_MAX)).optional(),
  description: z.string().trim().max(PIN_DESCRIPTION_MAX, tooLong(PIN_DESCRIPTION_MAX)).optional(),
  pages: zPages,
  /** Publish as this business (the person's own uploads; need: publish; decision 043). */
  orbac_subject_id: zId.optional(),
});
export type TCreateStoryPin = z.infer<typeof zCreateStoryPin>;

export const zUpdateStoryPin = z.strictObject({
  id: zId,
  title: z.string().trim().max(PIN_TITLE_MAX, tooLong(PIN_TITLE_MAX)).optional(),
  description: z.string().trim().max(PIN_DESCRIPTION_MAX, tooLong(PIN_DESCRIPTION_MAX)).optional(),
  /** The pages as they are to be (decision 044): each new upload, or `keep_page` for a page the Pin has now; pages left out go. */
  pages: zPages.optional(),
});
export type TUpdateStoryPin = z.infer<typeof zUpdateStoryPin>;

/** A page upload's state (StoryPinMediaResource get). */
export const zGetStoryMedia = z.strictObject({ id: zId });
export const zCreateStoryMedia = z.strictObject({
  image_base64: z
    .string()
    .max(28 * 1024 * 1024)
    .optional(),
});
