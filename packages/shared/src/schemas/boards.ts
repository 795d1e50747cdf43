import { z } from 'zod';
import { BOARD_DESCRIPTION_MAX, BOARD_NAME_MAX } from '../constants/limits';
import { MESSAGES } from '../constants/messages';
import { interpolate } from '../text/interpolate';
import { zId, zReadExtras } from './common';

/** Read when a schema checks, so that the web app's locale texts in MESSAGES apply (decision 042). */
const tooLong = (maxLength: number) => ({ error: () => interpolate(MESSAGES.board.tooLong, { maxLength }) });

export const zBoardName = z
  .string()
  .trim()
  .min(1, { error: () => MESSAGES.board.nameRequired })
  .max(BOARD_NAME_MAX, tooLong(BOARD_NAME_MAX));
const zBoardDescription = z.string().trim().max(BOARD_DESCRIPTION_MAX, tooLong(BOARD_DESCRIPTION_MAX));
export const zPrivacy = z.enum(['public', 'secret', 'protected']);
export const zBoardSource = z.enum(['board_picker', 'organize_pins', 'profile', 'create_pin_cluster_page']);

export const zCreateBoard = z.strictObject({
  name: zBoardName,
  description: zBoardDescription.optional(),
  privacy: zPrivacy.optional(),
  category: z.string().trim().max(64).optional(),
  collab_board_email: z.boolean().optional(),
  collaborator_invites_enabled: z.boolean().optional(),
  aux_data: z.strictObject({ source: zBoardSource.optional() }).optional(),
  advertiser_id: zId.optional(),
  /** An ads-only board of the ad account `advertiser_id` names (its name is then fixed). */
  is_ads_only: z.boolean().optional(),
  orbac_subject_id: zId.optional(),
});
export type TCreateBoard = z.infer<typeof zCreateBoard>;

export const zGetBoard = z.union([
  z.strictObject({ board_id: zId, orbac_subject_id: zId.optional(), ...zReadExtras }),
  z.strictObject({ username: z.string().min(1).max(64), slug: z.string().min(1).max(200), orbac_subject_id: zId.optional(), ...zReadExtras }),
]);

export const zGetBoards = z.strictObject({
  username: z.string().min(1).max(64),
  sort: z.enum(['alphabetical', 'custom', 'last_pinned_to', 'group_boards_at_top']).optional(),
  /** Board flag values (docs/product/profiles-and-boards.md §3): NONE, GROUP, SECRET, ARCHIVED. */
  filter_types: z
    .array(z.enum(['NONE', 'GROUP', 'SECRET', 'ARCHIVED']))
    .max(4)
    .optional(),
  privacyFilter: z.enum(['all', 'public', 'protected', 'secret']).optional(),
  ...zReadExtras,
});

export const zBoardFeed = z.strictObject({
  board_id: zId,
  section_id: zId.optional(),
  orbac_subject_id: zId.optional(),
  ...zReadExtras,
});

export const zUpdateBoard = z.strictObject({
  board_id: zId,
  name: zBoardName.optional(),
  description: zBoardDescription.optional(),
  privacy: zPrivacy.optional(),
  category: z.string().trim().max(64).optional(),
  collab_board_email: z.boolean().optional(),
  collaborator_invites_enabled: z.boolean().optional(),
  allow_homefeed_recommendations: z.boolean().optional(),
  /** The owner's mark that the board may contain sensitive content (decision 016). */
  is_sensitive: z.boolean().optional(),
  cover_pin_id: zId.nullable().optional(),
  archived: z.boolean().optional(),
  position: z.number().int().min(0).max(100_000).optional(),
  orbac_subject_id: zId.optional(),
});
export type TUpdateBoard = z.infer<typeof zUpdateBoard>;

export const zBoardRef = z.strictObject({ board_id: zId });

export const zBoardCollaborator = z.strictObject({ board_id: zId, user_id: zId });
