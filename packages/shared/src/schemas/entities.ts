/**
 * What the API answers with: the Pin, Board, Section and Profile entities as the
 * spec spells their fields (docs/product/profiles-and-boards.md §3, images per docs/product/api-contract.md §6),
 * and the two failure envelopes (docs/product/api-contract.md §1). The server's presenters are typed by
 * these, and the web app's API modules read them; an API test parses real answers
 * with them, so neither side can drift from the other.
 */
import { z } from 'zod';

export const zImage = z.strictObject({ url: z.string(), width: z.number().int(), height: z.number().int() });
/** Image variants by key ('170x', '236x', '474x', '736x', '1200x', 'orig'). */
export const zImages = z.record(z.string(), zImage);

export const zUserSummary = z.strictObject({
  id: z.string(),
  username: z.string(),
  full_name: z.string(),
  image_small_url: z.string().nullable(),
  image_medium_url: z.string().nullable(),
});
export type TUserSummary = z.infer<typeof zUserSummary>;

/** A person as a Pin or a Board names them. */
export const zOwnerRef = z.strictObject({
  id: z.string(),
  username: z.string(),
  full_name: z.string(),
  image_medium_url: z.string().nullable(),
});

const zBoardPrivacy = z.enum(['public', 'secret', 'protected']);

/** One rendition of a video (docs/product/api-contract.md §8): `duration` in ms. */
const zVideoRendition = z.strictObject({
  url: z.string(),
  thumbnail: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  duration: z.number().int(),
});

/** A ready video's renditions (docs/product/logged-out-and-business.md §3): MP4 720p, HLS, HLS at a mobile rate. */
const zPinVideos = z.strictObject({
  id: z.string(),
  video_list: z.strictObject({ V_720P: zVideoRendition, V_HLSV4: zVideoRendition, V_HLSV3_MOBILE: zVideoRendition }),
});
export type TPinVideos = z.infer<typeof zPinVideos>;

const zStoryBlockOut = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('story_pin_image_block'), image: zImages }),
  z.strictObject({ type: z.literal('story_pin_video_block'), video: zPinVideos.nullable(), image: zImages }),
  z.strictObject({ type: z.literal('story_pin_paragraph_block'), text: z.string() }),
]);

/** An idea Pin's pages (docs/product/profiles-and-boards.md §3 story_pin_data). */
const zStoryPinData = z.strictObject({
  page_count: z.number().int(),
  pages: z.array(z.strictObject({ blocks: z.array(zStoryBlockOut), dominant_color: z.string().nullable() })),
  metadata: z.strictObject({ pin_title: z.string() }),
});
export type TStoryPinData = z.infer<typeof zStoryPinData>;

const zVideoStatus = z.enum(['processing', 'ready', 'failed']);

export const zPinOut = z.strictObject({
  id: z.string(),
  type: z.literal('pin'),
  title: z.string(),
  description: z.string(),
  link: z.string().nullable(),
  alt_text: z.string().nullable(),
  method: z.string(),
  images: zImages,
  dominant_color: z.string(),
  width: z.number(),
  height: z.number(),
  is_repin: z.boolean(),
  is_video: z.boolean(),
  /** Video Pins: 'processing' until transcoded, then 'ready' or 'failed' (with a reason); null for others. */
  video_status: zVideoStatus.nullable(),
  video_failure_reason: z.string().nullable(),
  /** Present only when ready: every rendition has its thumbnail, url, width and height (docs/product/logged-out-and-business.md §5). */
  videos: zPinVideos.nullable(),
  story_pin_data: zStoryPinData.nullable(),
  /** 'gif' for an animated GIF (played inline as a video), else null. */
  embed_type: z.enum(['gif']).nullable(),
  /** A video Pin's WebVTT captions track, when its pinner attached one (served with the video's visibility). */
  captions: z.strictObject({ url: z.string(), language: z.string() }).nullable().optional(),
  repin_count: z.number().int(),
  comment_count: z.number().int(),
  /** The Pin owner's choice; a new Pin takes its pinner's `comments_default_off` (docs/product/api-contract.md §8). */
  comments_enabled: z.boolean(),
  created_at: z.string(),
  pinner: zOwnerRef,
  board: z.strictObject({ id: z.string(), name: z.string(), url: z.string(), privacy: zBoardPrivacy.nullable() }).nullable(),
  pinned_to_board: z.strictObject({ id: z.string() }).nullable(),
  section_id: z.string().nullable(),
  privacy: z.enum(['public', 'secret']),
  /** Served as an ad in a feed (docs/product/api-contract.md §8): the business that promotes it. */
  is_promoted: z.literal(true).optional(),
  promoter: z.strictObject({ id: z.string(), username: z.string(), full_name: z.string() }).optional(),
  /** On a home-feed recommendation only: why it is there (a followed topic, or popular). */
  recommendation_reason: z
    .strictObject({ type: z.enum(['interest', 'popular']), interest_id: z.string().nullable(), interest_name: z.string().nullable() })
    .optional(),
});
export type TPinOut = z.infer<typeof zPinOut>;

/** One Pin as its closeup reads it: to a signed-in viewer, whether it is among their favourites. */
/**
 * What the viewer may do with the item, as the server's policies decide (decision 080): the web app shows an
 * action when its ability is true and never works the rights out from other fields. All false when signed out.
 */
const zPinAbilities = z.strictObject({ edit: z.boolean(), delete: z.boolean(), save: z.boolean() });
const zBoardAbilities = z.strictObject({ edit: z.boolean(), delete: z.boolean(), invite: z.boolean(), add_pins: z.boolean() });
const zSectionAbilities = z.strictObject({ edit: z.boolean(), delete: z.boolean() });
export type TPinAbilities = z.infer<typeof zPinAbilities>;
export type TBoardAbilities = z.infer<typeof zBoardAbilities>;
export type TSectionAbilities = z.infer<typeof zSectionAbilities>;

export const zPinPageOut = zPinOut.extend({ is_favorite: z.boolean().optional(), can: zPinAbilities });

export const zBoardOut = z.strictObject({
  id: z.string(),
  type: z.literal('board'),
  name: z.string(),
  url: z.string(),
  slug: z.string(),
  description: z.string(),
  privacy: zBoardPrivacy,
  category: z.string(),
  owner: zOwnerRef,
  image_cover_url: z.string().nullable(),
  cover_images: z.strictObject({ '236x': zImage.optional(), '474x': zImage.optional() }).nullable(),
  cover_dominant_color: z.string().nullable(),
  pin_count: z.number().int(),
  section_count: z.number().int(),
  is_collaborative: z.boolean(),
  collaborated_by_me: z.boolean(),
  is_owner: z.boolean(),
  collab_board_email: z.boolean(),
  collaborator_invites_enabled: z.boolean(),
  allow_homefeed_recommendations: z.boolean(),
  /** The owner marked it as possibly sensitive: others see its cover blurred behind a notice. */
  is_sensitive: z.boolean(),
  /** Made on an ad account for its ads: its name cannot change. */
  is_ads_only: z.boolean(),
  /** Where the owner's profile files it: its privacy, or 'archived'. */
  profileGroup: z.enum(['public', 'secret', 'protected', 'archived']),
  /** Listed on the owner's profile (neither protected nor archived). */
  onProfile: z.boolean(),
  archived_by_me_at: z.string().nullable(),
  board_order_modified_at: z.string(),
  created_at: z.string(),
  /** The viewer follows the board (false signed out; decision 089). */
  followed_by_me: z.boolean(),
  /** Its followers who may still see it (boards.policy boardFollowerCountSql, decision 089). */
  follower_count: z.number().int(),
});
export type TBoardOut = z.infer<typeof zBoardOut>;

/** A pending board invite, as the invited person sees it on the board (and BoardInviteResource answers it). */
export const zPendingInviteOut = z.strictObject({
  id: z.string(),
  type: z.literal('boardinvite'),
  board: z.strictObject({ id: z.string(), name: z.string(), url: z.string(), privacy: zBoardPrivacy, owner: zOwnerRef }),
  status: z.enum(['new', 'contact_request_not_approved']),
  created_at: z.string(),
  invited_by_user: z
    .strictObject({ id: z.string(), username: z.string(), full_name: z.string(), first_name: z.string(), image_small_url: z.string().nullable() })
    .nullable(),
  invited_user: z.strictObject({
    id: z.string(),
    username: z.string(),
    full_name: z.string(),
    avatar_color_index: z.number().int(),
    image_medium_url: z.string().nullable(),
  }),
});

/** One board as its page reads it: the Board, its face-pile, and the viewer's pending invite. */
export const zBoardPageOut = zBoardOut.extend({
  collaborating_users: z.array(zUserSummary),
  collaborator_count: z.number().int(),
  viewer_invite: zPendingInviteOut.nullable(),
  can: zBoardAbilities,
});
export type TBoardPageOut = z.infer<typeof zBoardPageOut>;

export const zSectionOut = z.strictObject({
  id: z.string(),
  section_id: z.string(),
  board_id: z.string(),
  title: z.string(),
  slug: z.string(),
  type: z.literal('boardsection'),
  url: z.string().nullable(),
  position: z.number(),
  pin_count: z.number().int(),
  preview_pins: z.array(z.strictObject({ image_square_url: z.string(), size: z.strictObject({ width: z.number(), height: z.number() }) })),
  can: zSectionAbilities,
});
export type TSectionOut = z.infer<typeof zSectionOut>;

/**
 * The profile's own fields. The profile answer adds the business and tab fields
 * of the partner module to these (not listed here: they depend on the account).
 */
export const zProfileOut = zUserSummary.extend({
  first_name: z.string(),
  about: z.string(),
  location: z.string(),
  website_url: z.string(),
  pronouns: z.array(z.string()),
  image_large_url: z.string().nullable(),
  image_xlarge_url: z.string().nullable(),
  avatar_color_index: z.number().int(),
  follower_count: z.number().int(),
  following_count: z.number().int(),
  interest_following_count: z.number().int(),
  board_count: z.number().int(),
  secret_board_count: z.number().int(),
  archived_board_count: z.number().int(),
  pin_count: z.number().int(),
  /** Idea Pins the person made that the viewer may see (the story_pins tab's rows). */
  story_pin_count: z.number().int(),
  /** Video Pins of the person (made or saved; not GIFs) that the viewer may see (the video_pins tab's rows). */
  video_pin_count: z.number().int(),
  has_published_pins: z.boolean(),
  show_creator_profile: z.boolean(),
  is_partner: z.boolean(),
  is_private_profile: z.boolean(),
  is_verified_merchant: z.boolean(),
  verified_identity: z.strictObject({ verified: z.boolean() }),
  profile_views: z.number().int(),
  explicitly_followed_by_me: z.boolean(),
  explicitly_following_me: z.boolean(),
  blocked_by_me: z.boolean(),
  seo_noindex_reason: z.string().nullable(),
  eligible_profile_tabs: z.array(z.strictObject({ tab_type: z.number().int(), is_default: z.boolean() })),
  created_at: z.string(),
});
export type TProfileOut = z.infer<typeof zProfileOut>;

/** Optional beside `message` (decision 042): its `serverErrors.*` catalogue key and the key's arguments. */
const zMessageKey = {
  message_key: z.string().optional(),
  message_args: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  /** On a 5xx answer (decision 102): the request's id, as the X-Request-Id header and the server's log lines carry it. */
  request_id: z.string().optional(),
};

/** A failure on a spec path (`/v3/...`): the bare envelope. */
export const zSpecFailure = z.strictObject({
  status: z.literal('failure'),
  code: z.number().int(),
  message: z.string(),
  message_detail: z.string(),
  field: z.string().optional(),
  ...zMessageKey,
});

/** A failure of a named resource (`/resource/{Name}/{action}/`). */
export const zResourceFailure = z.strictObject({
  resource_response: z.strictObject({
    status: z.literal('failure'),
    error: z.strictObject({
      http_status: z.number().int(),
      code: z.number().int(),
      message: z.string(),
      message_detail: z.string(),
      field: z.string().optional(),
      ...zMessageKey,
    }),
  }),
});
