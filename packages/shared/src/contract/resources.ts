/**
 * The answer schema of every resource action the server registers, and the
 * options schema where it is shared (decision 073). Each is what the client
 * reads in `resource_response.data` (a paged action: the page's items; its
 * `bookmark` beside them), as JSON: dates are ISO strings, a field the server
 * leaves undefined is absent. Objects are strict: in tests the server parses
 * every answer with these, so a field added, dropped or retyped on either
 * side fails there. Shared entities (Pin, Board, Section, Profile, …) come
 * from ../schemas; the shapes below are the ones only one or two actions answer,
 * a part several of them share written once (builders: ./shapes).
 */
import { z } from 'zod';
import type { ContractMap } from '../contract';
import { absent, pagedList } from './shapes';
import { zNoOptions } from '../schemas/common';
import { zCreateConversation, zCreateMessage, zGetConversation, zGetConversations, zGetMessages, zGetShareSuggestions } from '../schemas/messages';
import { zBaseSearch, zSearchTypeahead } from '../schemas/search';
import {
  zCreatePushSubscription,
  zDeletePushSubscription,
  zMarkNotificationsRead,
  zMarkNotificationsReadOut,
  zNotificationCountOut,
  zNotificationOut,
  zNotifications,
  zNotificationSettingsOut,
  zPushSubscriptionOut,
  zUpdateNotificationSettings,
} from '../schemas/notifications';
import {
  zBoardOut,
  zBoardPageOut,
  zImages,
  zOwnerRef,
  zPendingInviteOut,
  zPinOut,
  zPinPageOut,
  zProfileOut,
  zSectionOut,
  zUserSummary,
} from '../schemas/entities';
import { zAdvertiserOut, zBillingOut, zCampaignOut, zReportRowOut } from '../schemas/ads';
import { zCommentReactionOut, zPinCommentOut, zUserSettingsOut } from '../schemas/comments';
import { zIdeaPage, zIdeaPageOut, zInterestOut, zTodayArticleOut } from '../schemas/topics';
import { zAdvertiserOptions, zAdvertiserReport, zBoardAds, zCreateAdvertiser, zGetAdvertisers, zPromotedPinEvent, zUpdateCampaign } from '../schemas/ads';
import {
  zAcceptBoardInvite,
  zCreateBoardInvites,
  zDeleteBoardInvite,
  zGetBoardInvite,
  zGetBoardInviteSuggestions,
  zGetBoardInviteToken,
  zGetBoardInvites,
  zRedeemBoardInviteToken,
} from '../schemas/board-invites';
import { zBoardCollaborator, zBoardFeed, zBoardRef, zCreateBoard, zGetBoard, zGetBoards, zUpdateBoard } from '../schemas/boards';
import {
  zConfirmMfa,
  zDisableMfa,
  zGetBusinessAccess,
  zGetBusinessActing,
  zGrantBusinessAccess,
  zRevokeBusinessAccess,
  zSetBusinessActing,
} from '../schemas/business';
import { zDeleteDraft, zDeletedDraftOut, zDraftOut, zListDrafts, zPublishDrafts, zPublishedDraftsOut, zUpdateDraft } from '../schemas/bulk-uploads';
import { zCreateCollage, zDeleteCollage, zGetCollage, zPublishCollage, zUpdateCollage } from '../schemas/collages';
import { zCommentReaction, zCreateComment, zDeleteComment, zPinComments, zReportComment, zUpdateUserSettings, zUserSettings } from '../schemas/comments';
import { zEntrySignups, zSocialTrackingId, zUnauthEvent } from '../schemas/entry';
import { zAdminJob } from '../schemas/admin';
import { zExperienceAction, zExperiencesGet } from '../schemas/experiences';
import { zModerationAppeal, zModerationDecision, zModerationNotices, zModerationQueue, zTransparencyReport } from '../schemas/moderation';
import {
  zGetVerifiedMerchant,
  zGetCluster,
  zOrganizeCluster,
  zPinTried,
  zSetProfileCover,
  zTriedPins,
  zUpdatePartnerProfile,
  zUpdateVerifiedMerchant,
} from '../schemas/partner';
import { zCreatedPins, zFilteredPins, zPinFavorite, zPinHide, zUserPins } from '../schemas/pin-filters';
import {
  zAlreadySaved,
  zAlreadySavedOut,
  zBoardPinOrder,
  zBoardTitleSuggestions,
  zBoardlessPins,
  zCreatePin,
  zDeletePin,
  zGetPin,
  zHomefeed,
  zPickerBoards,
  zPickerShortlist,
  zPinBuilderImages,
  zPinBulkDelete,
  zPinMove,
  zRepin,
  zSameImagePins,
  zUpdatePin,
} from '../schemas/pins';
import {
  zConnectedAppOut,
  zCreateOAuthApp,
  zOAuthAppDeletedOut,
  zOAuthAppOut,
  zOAuthAppRef,
  zOAuthAppSecretOut,
  zOAuthConsentDecision,
  zOAuthConsentDecisionOut,
  zOAuthConsentOut,
  zOAuthConsentRequest,
  zUpdateOAuthApp,
} from '../schemas/oauth';
import { zRecentSearchesDelete, zRecentSearchesDeleteOut, zSearch, zSearchOut, zSearchSuggestions, zSearchSuggestionsOut } from '../schemas/search';
import { zCreateSection, zDeleteSection, zGetSection, zListSections, zUpdateSection } from '../schemas/sections';
import { zBlockUser, zBoardFollow, zFollowList, zFollowUser, zReportUser, zUnfollowUser } from '../schemas/social';
import { zCreateStoryMedia, zCreateStoryPin, zGetStoryMedia, zUpdateStoryPin } from '../schemas/story-pins';
import {
  zIdeasFeed,
  zInterestFollow,
  zInterests,
  zRelatedPins,
  zTodayArticleCreate,
  zTodayArticleDelete,
  zTodayArticleGet,
  zTodayArticleUpdate,
  zTodayArticles,
  zUserInterests,
  zUpdateUserInterests,
} from '../schemas/topics';
import { zBoardSortOrder, zChangePassword, zGetUser, zLogin, zRegister, zUpdateProfile, zDensity, zUpdateUserMetadata } from '../schemas/users';

/** BaseSearchResource.get: one result (a Pin, a board or a person). */
const zSearchResultOut = z.union([
  zPinOut,
  zBoardOut,
  z.strictObject({
    id: z.string(),
    username: z.string(),
    full_name: z.string(),
    image_small_url: z.string().nullable(),
    image_medium_url: z.string().nullable(),
    type: z.literal('user'),
    follower_count: z.number(),
    is_private_profile: z.boolean(),
    explicitly_followed_by_me: z.boolean(),
  }),
]);

/** BoardAdsResource.get */
const zBoardAdsGetOut = z.strictObject({
  active_campaigns: z.number(),
});

/** BoardCollaboratorResource.delete */
const zBoardCollaboratorDeleteOut = z.strictObject({
  board_id: z.string(),
  user_id: z.string(),
});

/** Who sent a board invite. */
const zInviterOut = z.strictObject({
  id: z.string(),
  username: z.string(),
  full_name: z.string(),
  first_name: z.string(),
  image_small_url: z.string().nullable(),
});

/** Whom a board invite went to, when it went to a person. */
const zInviteeOut = z.strictObject({
  id: z.string(),
  username: z.string(),
  full_name: z.string(),
  avatar_color_index: z.number(),
  image_medium_url: z.string().nullable(),
});

/** BoardInviteResource.create */
const zBoardInviteCreateOut = z.array(
  z.strictObject({
    id: z.string().nullable(),
    type: z.string(),
    board: z.strictObject({
      id: z.string(),
    }),
    status: z.enum(['new', 'accepted', 'contact_request_not_approved']),
    created_at: z.string(),
    invited_by_user: zInviterOut.nullable(),
    invited_user: zInviteeOut.nullable(),
    invited_email: z.string().nullable(),
  }),
);

/** BoardInviteResource.delete */
const zBoardInviteDeleteOut = z.union([
  z.strictObject({
    board_id: z.string(),
    email: z.string(),
    status: z.string(),
    user_id: z.null().optional(),
  }),
  z.strictObject({
    board_id: z.string(),
    user_id: z.string(),
    status: z.string(),
    email: z.null().optional(),
  }),
]);

/** BoardInvitesResource.get: one invite. */
const zBoardInviteOut = z.strictObject({
  id: z.string().nullable(),
  type: z.literal('boardinvite'),
  board: z.strictObject({
    id: z.string(),
    name: z.string().optional(),
    url: z.string().optional(),
    privacy: z.string().optional(),
    owner: zOwnerRef.optional(),
  }),
  status: z.string(),
  created_at: z.string(),
  invited_by_user: zInviterOut.nullable(),
  invited_user: zInviteeOut.nullable(),
  invited_email: z.string().nullable().optional(),
});

/** BoardInviteSuggestionsResource.get */
const zBoardInviteSuggestionsGetOut = z.array(
  z.strictObject({
    type: z.string(),
    id: z.string(),
    username: z.string(),
    full_name: z.string(),
    image_medium_url: z.string().nullable(),
  }),
);

/** BoardInviteTokenResource.get */
const zBoardInviteTokenGetOut = z.strictObject({
  type: z.string(),
  board: z.strictObject({
    name: z.string(),
  }),
  invited_by_user: z.strictObject({
    first_name: z.string(),
  }),
});

/** BoardInviteTokenResource.update */
const zBoardInviteTokenUpdateOut = z.union([
  z.strictObject({
    status: z.literal('accepted'),
    board: zBoardPageOut,
    invite: z.null().optional(),
  }),
  z.strictObject({
    status: z.literal('new'),
    invite: z.strictObject({
      id: z.string(),
      type: z.literal('boardinvite'),
      board: z.strictObject({
        id: z.string(),
        name: z.string(),
        url: z.string(),
        privacy: z.enum(['public', 'secret', 'protected']),
        owner: z.strictObject({
          id: z.string(),
          username: z.string(),
          full_name: z.string(),
          image_medium_url: z.string().nullable(),
        }),
      }),
      status: z.enum(['new', 'contact_request_not_approved']),
      created_at: z.string(),
      invited_by_user: zInviterOut.nullable(),
      invited_user: zInviteeOut,
    }),
    board: z.null().optional(),
  }),
]);

/** BoardPickerBoardsResource.get */
const zBoardPickerBoardsGetOut = z.strictObject({
  all_boards: z.array(zBoardOut),
  boards_shortlist: z.array(zBoardOut),
});

/** BoardPinOrderResource.update */
const zBoardPinOrderUpdateOut = z.strictObject({
  board_id: z.string(),
  pin_id: z.string(),
  after_pin_id: z.string().nullable(),
  before_pin_id: z.string().nullable(),
});

/** BoardResource.delete */
const zBoardDeleteOut = z.strictObject({
  id: z.string(),
  days_to_restore: z.number(),
});

/** BoardSectionResource.delete */
const zBoardSectionDeleteOut = z.strictObject({
  id: z.string(),
  moved_pin_count: z.number(),
});

/** BoardTitleSuggestionsResource.get */
const zBoardTitleSuggestionsGetOut = z.array(
  z.strictObject({
    title: z.string(),
    metadata: z.strictObject({
      kind: z.enum(['pin_title', 'topic', 'similar_board']),
      value: z.string(),
      confidence: z.number(),
    }),
  }),
);

/** What a business member may do. */
const zBusinessPermissions = z.array(z.enum(['OWNER', 'ADMIN', 'PROFILE_PUBLISHER', 'ANALYST']));

/** The business a person acts as. */
const zActingOut = z.strictObject({
  id: z.string(),
  permissions: zBusinessPermissions,
  user: z.strictObject({
    username: z.string(),
    businessName: z.string(),
    imgUrl: z.string().nullable(),
    merchantId: z.string().nullable(),
    eligibleForStlTool: z.boolean(),
    scheduledPinCount: z.number(),
  }),
  viewerMeetsMfaRequirement: z.boolean(),
});

/** BusinessAccessResource.get */
const zBusinessAccessGetOut = z.strictObject({
  business: z.strictObject({
    id: z.string(),
    username: z.string(),
    business_name: z.string(),
  }),
  members: z.array(
    z.strictObject({
      user_id: z.string(),
      username: z.string(),
      full_name: z.string(),
      image_url: z.string().nullable(),
      permissions: zBusinessPermissions,
      mfa_enabled: z.boolean(),
      granted_at: z.string(),
    }),
  ),
  audit: z.array(
    z.strictObject({
      id: z.string(),
      actor_id: z.string().nullable(),
      actor_username: z.string().nullable(),
      action: z.string(),
      target_id: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});

/** BusinessAccessResource.create */
const zBusinessAccessCreateOut = z.strictObject({
  business_id: z.string(),
  user_id: z.string(),
  username: z.string(),
  permissions: zBusinessPermissions,
});

/** BusinessAccessResource.delete */
const zBusinessAccessDeleteOut = z.strictObject({
  business_id: z.string(),
  user_id: z.string(),
});

/** A merchant's inspirational badges and the choice made among them. */
const zInspirationalSignalOut = z.strictObject({
  badge_details: z.array(
    z.strictObject({
      id: z.string(),
      label: z.string(),
      description: z.string(),
      controlsTooltip: z.string(),
    }),
  ),
  max_selections: z.number(),
  inspirational_badge_selection: z.strictObject({
    badgeColor: z.string(),
    badgeOptOut: z.array(z.string()),
  }),
});

/** A profile's cover: none, or an image. */
const zProfileCoverOut = z.union([
  z.strictObject({
    source: z.literal('empty'),
    images: z.null().optional(),
    dominant_color: z.null().optional(),
  }),
  z.strictObject({
    source: z.literal('image'),
    images: zImages,
    dominant_color: z.string().nullable(),
  }),
]);

/** The fields a profile gains from the partner module; BusinessAccountResource answers them alone. */
const zPartnerFieldsOut = z.strictObject({
  is_partner: z.boolean(),
  is_verified_merchant: z.boolean(),
  is_inspirational_merchant: z.boolean(),
  is_primary_website_verified: z.boolean(),
  verified_identity: z.strictObject({
    verified: z.boolean(),
  }),
  profile_cover: zProfileCoverOut,
  partner: z
    .strictObject({
      contact_email: z.string().nullable(),
      contact_phone: z.string().nullable(),
      contact_phone_country: z
        .strictObject({
          phone_code: z.string().nullable(),
        })
        .nullable(),
      enable_profile_message: z.boolean(),
      enable_profile_address: z.boolean(),
      profile_place: z.string().nullable(),
    })
    .nullable(),
  profile_views: z.number(),
  inspirational_signal: zInspirationalSignalOut.nullable(),
});

/** BusinessActingResource.get */
const zBusinessActingGetOut = zActingOut.nullable();

/** The fields of a collage (a shuffle) every collage answer carries. */
const collageFields = {
  id: z.string(),
  type: z.literal('shuffle'),
  is_draft: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  images: zImages.nullable(),
  dominant_color: z.string().nullable(),
  pin_id: z.string().nullable(),
};

/** CollagePublishResource.create */
const zCollagePublishCreateOut = z.strictObject({
  pin: zPinOut,
  ...collageFields,
});

/** CollageResource.get */
const zCollageGetOut = z.strictObject({
  canvas: z.strictObject({
    width: z.literal(1000),
    height: z.literal(1778),
  }),
  layers: z.array(
    z.strictObject({
      pin: zPinOut,
      pin_id: z.string(),
      x: z.number(),
      y: z.number(),
      width: z.number(),
      height: z.number(),
      rotation: z.number(),
    }),
  ),
  ...collageFields,
});

/** CollageResource.delete */
const zCollageDeleteOut = z.strictObject({
  id: z.string(),
});

/** A message in a conversation, with the Pin it shares. */
const zMessageOut = z.strictObject({
  id: z.string(),
  conversation_id: z.string(),
  sender_id: z.string(),
  text: z.string(),
  pin_id: z.string().nullable(),
  created_at: z.string(),
  pin: z
    .strictObject({
      id: z.string(),
      title: z.string(),
      alt_text: z.string().nullable(),
      images: zImages,
      dominant_color: z.string(),
      width: z.number(),
      height: z.number(),
    })
    .nullable()
    .optional(),
  pin_unavailable: z.boolean().optional(),
});

/** ConversationResource.get; ConversationsResource.get answers a page of them. */
const zConversationGetOut = z.strictObject({
  last_message: zMessageOut.nullable(),
  id: z.string(),
  created_at: z.string(),
  last_message_at: z.string(),
  members: z.array(zUserSummary),
  unread: z.boolean(),
});

/** DeletedBoardsResource.get */
const zDeletedBoardsGetOut = z.array(
  z.strictObject({
    id: z.string(),
    name: z.string(),
    pin_count: z.number(),
    deleted_at: z.string().optional(),
    days_left: z.number(),
  }),
);

/** EntrySignupsResource.get */
const zEntrySignupsGetOut = z.strictObject({
  weeks: z.array(
    z.strictObject({
      week: z.string(),
      channel: z.string(),
      signups: z.number(),
    }),
  ),
  events: z.array(
    z.strictObject({
      event: z.string(),
      page_kind: z.string(),
      count: z.number(),
    }),
  ),
});

/** ExperienceResource.create */
const zExperienceCreateOut = z.strictObject({
  experience_id: z.number(),
  placement_id: z.number(),
  status: z.enum(['completed', 'dismissed']),
});

/** ExperiencesResource.get */
const zExperiencesGetOut = z
  .strictObject({
    experience_id: z.number(),
    placement_id: z.number(),
    display_data: z.strictObject({
      has_pulsar: z.boolean(),
      has_tooltip: z.boolean(),
      text: z.string(),
      scroll_to_dismiss: z.boolean(),
      delay: z.number(),
      complete_button_text: z.string(),
      secondary_cta_link: z.string().nullable(),
    }),
  })
  .nullable();

/** InviteCodeResource.get */
const zInviteCodeGetOut = z.strictObject({
  invite_code: z.string(),
  url: z.string(),
});

/** ModerationAppealResource.create */
const zModerationAppealCreateOut = z.strictObject({
  id: z.string(),
  status: z.string(),
});

/** The fields of a moderation decision. */
const moderationDecisionFields = {
  id: z.string(),
  report_id: z.string(),
  decision: z.enum(['remove', 'restrict', 'no_action']),
  statement_of_reasons: z.string(),
  form: z.string().nullable(),
  laws: z.array(z.string()),
  target: z.strictObject({
    kind: z.enum(['pin', 'board', 'user', 'comment', 'none']),
    id: z.string().nullable(),
  }),
  reported_at: z.string(),
  decided_at: z.string(),
};

/** ModerationDecisionResource.create */
const zModerationDecisionCreateOut = z.strictObject(moderationDecisionFields);

/** ModerationNoticesResource.get: one notice. */
const zModerationNoticeOut = z.strictObject({
  notice_id: z.string(),
  role: z.enum(['affected', 'reporter']),
  reported_url: z.string().nullable(),
  can_contest: z.boolean(),
  ...moderationDecisionFields,
});

/** What a report in the moderation queue is about, as the reporter saw it (when there is anything to show). */
const zReportedContentOut = z
  .union([
    z.strictObject({
      title: z.string(),
      description: z.string(),
      link: z.string(),
      image_url: z.null().optional(),
    }),
    z.strictObject({
      title: z.string(),
      description: z.string(),
      link: z.string(),
      image_url: z.string().nullable(),
    }),
  ])
  .nullable();

/** What a report in the moderation queue targets, of one kind: its id, its moderation state and its owner's username. */
function reportTarget<K extends string, I extends z.ZodType, M extends z.ZodType, U extends z.ZodType>(kind: K, id: I, moderation: M, username: U) {
  return z.strictObject({ content: zReportedContentOut, kind: z.literal(kind), id, label: z.string(), moderation, username });
}

/** ModerationQueueResource.get: one report. */
const zModerationQueueItemOut = z.strictObject({
  id: z.string(),
  kind: z.enum(['takedown', 'counter_notice', 'report']),
  form: z.string().nullable(),
  laws: z.array(z.string()),
  reason: z.string(),
  details: z.string(),
  reported_url: z.string().nullable(),
  content_date: z.string().nullable(),
  trusted_flagger: z.boolean(),
  appeal_of: z.string().nullable(),
  reporter: z.strictObject({
    username: z.string().nullable(),
    name: z.string().nullable(),
    email: z.string().nullable(),
    country: z.string().nullable(),
  }),
  target: z.union([
    reportTarget('comment', z.string().nullable(), z.string().nullable(), z.string().nullable()),
    reportTarget('pin', z.string(), z.string().nullable(), z.string().nullable()),
    reportTarget('board', z.string(), z.null(), z.string().nullable()),
    reportTarget('user', z.string(), z.string().nullable(), z.string().nullable()),
    reportTarget('none', z.null(), z.null(), z.null()),
  ]),
  created_at: z.string(),
});

/** PinBuilderResource.get */
const zPinBuilderGetOut = z.strictObject({
  link: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  images: z.array(
    z.strictObject({
      url: z.string(),
      width: z.number().optional(),
      height: z.number().optional(),
      alt: z.string().optional(),
      source: z.enum(['twitter', 'og', 'img']),
    }),
  ),
});

/** PinBulkDeleteResource.delete */
const zPinBulkDeleteDeleteOut = z.strictObject({
  deleted_pin_ids: z.array(z.string()),
  deleted_count: z.number(),
});

/** PinClusterResource.get */
const zPinClusterGetOut = z.strictObject({
  id: z.string(),
  names: z.array(z.string()),
  thumbnails: z.array(z.string()),
  pin_count: z.number(),
});

/** PinClusterResource.update */
const zPinClusterUpdateOut = z.strictObject({
  board_id: z.string(),
  moved_pin_ids: z.array(z.string()),
  moved_count: z.number(),
});

/** PinCommentResource.delete */
const zPinCommentDeleteOut = z.strictObject({
  id: z.string(),
  pin_id: z.string(),
});

/** PinFavoriteResource.create */
const zPinFavoriteCreateOut = z.strictObject({
  pin_id: z.string(),
  is_favorite: z.boolean(),
});

/** PinHideResource.create */
const zPinHideCreateOut = z.strictObject({
  pin_id: z.string(),
  is_hidden: z.boolean(),
});

/** PinMoveResource.create */
const zPinMoveCreateOut = z.strictObject({
  moved_pin_ids: z.array(z.string()),
  moved_count: z.number(),
  source_board: zBoardOut.nullable(),
  board: zBoardOut.nullable(),
  section_id: z.string().nullable(),
});

/** PinTriedResource.get */
const zPinTriedGetOut = z.strictObject({
  pin_id: z.string(),
  tried_by_me: z.boolean(),
  tried_count: z.number(),
});

/** ProfileCoverResource.create */
const zProfileCoverCreateOut = z.strictObject({
  profile_cover: zProfileCoverOut,
});

/** ProfileCoverResource.delete */
const zProfileCoverDeleteOut = z.strictObject({
  profile_cover: z.strictObject({
    source: z.literal('empty'),
  }),
});

/** SearchTypeaheadResource.get */
const zSearchTypeaheadGetOut = z.strictObject({
  items: z.array(z.string()),
  hint: z.string().nullable(),
  suggestions: z.array(
    z.strictObject({
      label: z.string(),
      kind: z.enum(['pin', 'board', 'user', 'topic']),
      url: z.string(),
    }),
  ),
});

/** ShareSuggestionsResource.get */
const zShareSuggestionsGetOut = z.array(
  z.union([
    z.strictObject({
      type: z.literal('user_share_suggestion'),
      id: z.string(),
      username: z.string(),
      full_name: z.string(),
      image_medium_url: z.string().nullable(),
    }),
    z.strictObject({
      type: z.literal('email'),
      email: z.string(),
    }),
  ]),
);

/** StoryPinMediaResource.create */
const zStoryPinMediaCreateOut = z.strictObject({
  id: z.string(),
  images: zImages,
  dominant_color: z.string(),
  width: z.number(),
  height: z.number(),
  is_video: z.boolean(),
  video_status: z.enum(['processing', 'ready', 'failed']).nullable(),
  video_failure_reason: z.string().nullable(),
});

/** TodayArticleResource.delete */
const zTodayArticleDeleteOut = z.strictObject({
  id: z.string(),
  deleted: z.boolean(),
});

/** TransparencyReportResource.get */
const zTransparencyReportGetOut = z.strictObject({
  from: z.string().nullable(),
  to: z.string().nullable(),
  rows: z.array(
    z.strictObject({
      form: z.string(),
      law: z.string(),
      decision: z.string(),
      count: z.number(),
      median_hours: z.number(),
      mean_hours: z.number(),
      max_hours: z.number(),
    }),
  ),
  open: z.array(
    z.strictObject({
      form: z.string(),
      count: z.number(),
    }),
  ),
  generated_at: z.string(),
});

/** UnauthEventResource.create */
const zUnauthEventCreateOut = z.strictObject({
  recorded: z.boolean(),
});

/** UserBlockResource.create */
const zUserBlockCreateOut = z.strictObject({
  blocked_user_id: z.string(),
  blocked_by_me: z.boolean(),
  full_name: z.string(),
});

/** UserFollowersResource.get, UserFollowingResource.get: one person. */
const zFollowListUserOut = z.strictObject({
  id: z.string(),
  username: z.string(),
  full_name: z.string(),
  image_small_url: z.string().nullable(),
  image_medium_url: z.string().nullable(),
  follower_count: z.number().int(),
  explicitly_followed_by_me: z.boolean(),
});

/** UserFollowResource.create */
const zUserFollowCreateOut = z.strictObject({
  user_id: z.string(),
  explicitly_followed_by_me: z.boolean(),
  follower_count: z.number(),
  explicitly_following_me: z.boolean(),
});

/** BoardFollowResource.create and delete: the board's follow facts after the change (decision 089). */
const zBoardFollowOut = z.strictObject({
  board_id: z.string(),
  followed_by_me: z.boolean(),
  follower_count: z.number().int(),
});

/** UserFollowResource.delete */
const zUserFollowDeleteOut = z.strictObject({
  user_id: z.string(),
  explicitly_followed_by_me: z.boolean(),
  follower_count: z.number(),
});

/** UserMetadataResource: the view preferences the person set (each only once set), and the save behaviour. */
const zUserMetadataOut = z.strictObject({
  most_recent_board_sort_order: zBoardSortOrder.optional(),
  board_pin_rep_view_type: zDensity.optional(),
  profile_pin_rep_view_type: zDensity.optional(),
  profile_board_rep_view_type: z.enum(['square', 'wide']).optional(),
  board_sort_orders: z.record(z.string(), zBoardSortOrder).optional(),
  save_behavior: z.number().int(),
});

/** UserMfaResource.get */
const zUserMfaGetOut = z.strictObject({
  enabled: z.boolean(),
  enabled_at: z.string().nullable(),
  recovery_codes_left: z.number(),
});

/** UserMfaResource.create */
const zUserMfaCreateOut = z.strictObject({
  secret: z.string(),
  otpauth_url: z.string(),
  qr_code: z.string(),
});

/** UserMfaResource.update */
const zUserMfaUpdateOut = z.strictObject({
  ended_sessions: z.number(),
  enabled: z.boolean(),
  recovery_codes: z.array(z.string()),
});

/** UserMfaResource.delete */
const zUserMfaDeleteOut = z.strictObject({
  enabled: z.boolean(),
});

/** UserPasswordResource.update */
const zUserPasswordUpdateOut = z.strictObject({
  ended_sessions: z.number(),
});

/** UserRegisterResource.create */
const zUserRegisterCreateOut = z.strictObject({
  id: z.string(),
  username: z.string(),
});

/** A profile as UserResource answers it: the profile's own fields, its page's, and the partner module's. */
const zProfileAnswerOut = zProfileOut.extend({
  ...zPartnerFieldsOut.shape,
  is_ads_only_profile: z.boolean(),
  ads_only_profile_site: z.string().nullable(),
  instagram_data: z.strictObject({ username: z.string(), url: z.string() }).nullable(),
  /** The owner's own settings. */
  allow_messages: z.boolean().optional(),
  country: z.string().optional(),
  content_visible: z.boolean(),
  invite_code_valid: z.boolean(),
  should_show_messaging: z.boolean(),
  quick_saves_pin_count: z.number().int(),
  has_pin_clusters: z.boolean(),
});

/** The signed-in person as a session answer carries them (UserSessionResource.create adds `country`; .get has it among its page-wide fields). */
const sessionUserFields = {
  id: z.string(),
  username: z.string(),
  full_name: z.string(),
  image_medium_url: z.string().nullable(),
  isPartner: z.boolean(),
  isEmployee: z.boolean(),
  hasPublishedPins: z.boolean(),
  shouldDefaultCommentsOff: z.boolean(),
  boardCount: z.number(),
  secretBoardCount: z.number(),
  save_behavior: z.number(),
  has_quicksave_board: z.boolean(),
  locale: z.string(),
  gender: z.enum(['unknown', 'female', 'male']).nullable(),
  age_group: z.string().nullable(),
  allow_messages: z.boolean(),
  email_verified: z.boolean(),
};

const zExperimentsOut = z.record(z.string(), z.string());

/** A session's own fields, in its three variants: signed out (with or without experiments), signed in. */
const signedOutFields = { isAuth: z.literal(false), experiments: zExperimentsOut, ...absent(sessionUserFields) };
const signedOutNoExperimentsFields = { isAuth: z.literal(false), experiments: z.null().optional(), ...absent(sessionUserFields) };
const signedInFields = { isAuth: z.literal(true), ...sessionUserFields, experiments: zExperimentsOut };

/** The page-wide fields UserSessionResource.get answers signed in or out. */
const sessionPageFields = {
  isBot: z.boolean(),
  isSocialBot: z.boolean(),
  country: z.string().nullable(),
  country_source: z.enum(['none', 'account', 'geo_header', 'accept_language']),
  show_imprint: z.boolean(),
  imprint_url: z.string(),
};

/** UserSessionResource.get: each session variant, with the business acted as or without. */
const zUserSessionGetOut = z.union([
  z.strictObject({ ...sessionPageFields, acting: zActingOut.nullable(), ...signedOutFields }),
  z.strictObject({ ...sessionPageFields, acting: z.null().optional(), ...signedOutFields }),
  z.strictObject({ ...sessionPageFields, acting: zActingOut.nullable(), ...signedOutNoExperimentsFields }),
  z.strictObject({ ...sessionPageFields, acting: z.null().optional(), ...signedOutNoExperimentsFields }),
  z.strictObject({ ...sessionPageFields, acting: zActingOut.nullable(), ...signedInFields }),
  z.strictObject({ ...sessionPageFields, acting: z.null().optional(), ...signedInFields }),
]);

/** UserSessionResource.create */
const zUserSessionCreateOut = z.union([
  z.strictObject({ ...signedOutFields, country: z.null().optional() }),
  z.strictObject({ ...signedOutNoExperimentsFields, country: z.null().optional() }),
  z.strictObject({ ...signedInFields, country: z.string() }),
]);

/** UserSessionResource.delete */
const zUserSessionDeleteOut = z.strictObject({
  isAuth: z.literal(false),
});

/** UserSessionsResource.delete */
const zUserSessionsDeleteOut = z.strictObject({
  isAuth: z.literal(false),
  ended_sessions: z.number(),
});

/** VerifiedMerchantResource.get */
const zVerifiedMerchantGetOut = z.strictObject({
  user_id: z.string(),
  is_verified_merchant: z.boolean(),
  is_inspirational_merchant: z.boolean(),
  inspirational_signal: zInspirationalSignalOut,
});

/** WebsiteClaimResource.get */
const zWebsiteClaimGetOut = z.strictObject({
  website_url: z.string().nullable(),
  meta_tag: z.string(),
  is_primary_website_verified: z.boolean(),
  is_verified_merchant: z.boolean(),
});

/** AdminOverviewResource.get (decision 106) */
const zAdminOverviewGetOut = z.strictObject({
  servers: z.array(
    z.strictObject({
      worker_id: z.number(),
      host: z.string(),
      pid: z.number(),
      version: z.string(),
      has_redis: z.boolean(),
      started_at: z.string(),
      heartbeat_at: z.string(),
      uptime_seconds: z.number(),
    }),
  ),
  queues: z.array(
    z.strictObject({
      name: z.string(),
      created: z.number(),
      retry: z.number(),
      active: z.number(),
      failed: z.number(),
    }),
  ),
  failed_jobs: z.array(
    z.strictObject({
      id: z.string(),
      queue: z.string(),
      attempts: z.number(),
      message: z.string(),
      created_at: z.string(),
      failed_at: z.string().nullable(),
    }),
  ),
  storage: z.strictObject({
    database_bytes: z.number(),
    /** What the database records of the media store's files (finished exports, captions), not the store's own total. */
    media_recorded_bytes: z.number(),
  }),
  counts: z.strictObject({
    people: z.number(),
    boards: z.number(),
    pins: z.number(),
  }),
  errors: z.array(
    z.strictObject({
      at: z.string(),
      method: z.string(),
      route: z.string(),
      status: z.number(),
      request_id: z.string(),
      worker_id: z.number(),
      host: z.string(),
      message: z.string(),
    }),
  ),
  generated_at: z.string(),
});

/** AdminJobRetryResource.create, AdminJobDiscardResource.create */
const zAdminJobOut = z.strictObject({
  queue: z.string(),
  id: z.string(),
  state: z.enum(['retry', 'discarded']),
});

export const contract = {
  AdminJobDiscardResource: {
    create: { input: zAdminJob, output: zAdminJobOut },
  },
  AdminJobRetryResource: {
    create: { input: zAdminJob, output: zAdminJobOut },
  },
  AdminOverviewResource: {
    get: { input: zNoOptions, output: zAdminOverviewGetOut },
  },
  AdvertiserBillingResource: {
    get: { input: zAdvertiserOptions, output: zBillingOut },
  },
  AdvertiserReportResource: {
    get: { input: zAdvertiserReport, output: z.array(zReportRowOut) },
  },
  AdvertiserResource: {
    get: { input: zGetAdvertisers, output: z.array(zAdvertiserOut) },
    create: { input: zCreateAdvertiser, output: zAdvertiserOut },
  },
  AlreadySavedResource: {
    get: { input: zAlreadySaved, output: zAlreadySavedOut },
  },
  BaseSearchResource: {
    get: pagedList(zSearchResultOut, zBaseSearch),
  },
  BoardAdsResource: {
    get: { input: zBoardAds, output: zBoardAdsGetOut },
  },
  BoardCollaboratorResource: {
    delete: { input: zBoardCollaborator, output: zBoardCollaboratorDeleteOut },
  },
  BoardFeedResource: {
    get: pagedList(zPinOut, zBoardFeed),
  },
  BoardInviteResource: {
    get: { input: zGetBoardInvite, output: zPendingInviteOut },
    create: { input: zCreateBoardInvites, output: zBoardInviteCreateOut },
    update: { input: zAcceptBoardInvite, output: zBoardPageOut },
    delete: { input: zDeleteBoardInvite, output: zBoardInviteDeleteOut },
  },
  BoardInvitesResource: {
    get: pagedList(zBoardInviteOut, zGetBoardInvites),
  },
  BoardInviteSuggestionsResource: {
    get: { input: zGetBoardInviteSuggestions, output: zBoardInviteSuggestionsGetOut },
  },
  BoardInviteTokenResource: {
    get: { input: zGetBoardInviteToken, output: zBoardInviteTokenGetOut },
    update: { input: zRedeemBoardInviteToken, output: zBoardInviteTokenUpdateOut },
  },
  BoardlessPinsResource: {
    get: pagedList(zPinOut, zBoardlessPins),
  },
  BoardPickerBoardsResource: {
    get: { input: zPickerBoards, output: zBoardPickerBoardsGetOut },
  },
  BoardPickerBoardsShortlistResource: {
    get: { input: zPickerShortlist, output: z.array(zBoardOut) },
  },
  BoardPinOrderResource: {
    update: { input: zBoardPinOrder, output: zBoardPinOrderUpdateOut },
  },
  BoardFollowResource: {
    create: { input: zBoardFollow, output: zBoardFollowOut },
    delete: { input: zBoardFollow, output: zBoardFollowOut },
  },
  BoardResource: {
    get: { input: zGetBoard, output: zBoardPageOut },
    create: { input: zCreateBoard, output: zBoardPageOut },
    update: { input: zUpdateBoard, output: zBoardPageOut },
    delete: { input: zBoardRef, output: zBoardDeleteOut },
  },
  BoardRestoreResource: {
    create: { input: zBoardRef, output: zBoardPageOut },
  },
  BoardSectionResource: {
    get: { input: zGetSection, output: zSectionOut },
    create: { input: zCreateSection, output: zSectionOut },
    update: { input: zUpdateSection, output: zSectionOut },
    delete: { input: zDeleteSection, output: zBoardSectionDeleteOut },
  },
  BoardSectionsRepinResource: {
    get: { input: zListSections, output: z.array(zSectionOut) },
  },
  BoardSectionsResource: {
    get: { input: zListSections, output: z.array(zSectionOut) },
  },
  BoardsResource: {
    get: pagedList(zBoardOut, zGetBoards),
  },
  BoardTitleSuggestionsResource: {
    get: { input: zBoardTitleSuggestions, output: zBoardTitleSuggestionsGetOut },
  },
  BusinessAccessResource: {
    get: { input: zGetBusinessAccess, output: zBusinessAccessGetOut },
    create: { input: zGrantBusinessAccess, output: zBusinessAccessCreateOut },
    delete: { input: zRevokeBusinessAccess, output: zBusinessAccessDeleteOut },
  },
  BusinessAccountResource: {
    create: { input: zNoOptions, output: zPartnerFieldsOut },
    delete: { input: zNoOptions, output: zPartnerFieldsOut },
  },
  BusinessActingResource: {
    get: { input: zGetBusinessActing, output: zBusinessActingGetOut },
    update: { input: zSetBusinessActing, output: zBusinessActingGetOut },
  },
  CampaignResource: {
    update: { input: zUpdateCampaign, output: zCampaignOut },
  },
  CampaignsResource: {
    get: { input: zAdvertiserOptions, output: z.array(zCampaignOut) },
  },
  BulkUploadResource: {
    get: { input: zListDrafts, output: z.array(zDraftOut) },
    update: { input: zUpdateDraft, output: zDraftOut },
    delete: { input: zDeleteDraft, output: zDeletedDraftOut },
  },
  BulkUploadPublishResource: {
    create: { input: zPublishDrafts, output: zPublishedDraftsOut },
  },
  CollagePublishResource: {
    create: { input: zPublishCollage, output: zCollagePublishCreateOut },
  },
  CollageResource: {
    get: { input: zGetCollage, output: zCollageGetOut },
    create: { input: zCreateCollage, output: zCollageGetOut },
    update: { input: zUpdateCollage, output: zCollageGetOut },
    delete: { input: zDeleteCollage, output: zCollageDeleteOut },
  },
  ConversationMessagesResource: {
    get: pagedList(zMessageOut, zGetMessages),
    create: { input: zCreateMessage, output: zMessageOut },
  },
  ConversationResource: {
    get: { input: zGetConversation, output: zConversationGetOut },
  },
  ConversationsResource: {
    get: pagedList(zConversationGetOut, zGetConversations),
    create: { input: zCreateConversation, output: zConversationGetOut },
  },
  DeletedBoardsResource: {
    get: { input: zNoOptions, output: zDeletedBoardsGetOut },
  },
  EntrySignupsResource: {
    get: { input: zEntrySignups, output: zEntrySignupsGetOut },
  },
  ExperienceResource: {
    create: { input: zExperienceAction, output: zExperienceCreateOut },
    update: { input: zExperienceAction, output: zExperienceCreateOut },
    delete: { input: zExperienceAction, output: zExperienceCreateOut },
  },
  ExperiencesResource: {
    get: { input: zExperiencesGet, output: zExperiencesGetOut },
  },
  IdeaPageResource: {
    get: { input: zIdeaPage, output: zIdeaPageOut },
  },
  IdeasFeedResource: {
    get: pagedList(zPinOut, zIdeasFeed),
  },
  InterestFollowResource: {
    create: { input: zInterestFollow, output: zInterestOut },
    delete: { input: zInterestFollow, output: zInterestOut },
  },
  InterestsResource: {
    get: { input: zInterests, output: z.array(zInterestOut) },
  },
  InviteCodeResource: {
    get: { input: zNoOptions, output: zInviteCodeGetOut },
  },
  ModerationAppealResource: {
    create: { input: zModerationAppeal, output: zModerationAppealCreateOut },
  },
  ModerationDecisionResource: {
    create: { input: zModerationDecision, output: zModerationDecisionCreateOut },
  },
  ModerationNoticesResource: {
    get: pagedList(zModerationNoticeOut, zModerationNotices),
  },
  ModerationQueueResource: {
    get: pagedList(zModerationQueueItemOut, zModerationQueue),
  },
  PartnerProfileResource: {
    update: { input: zUpdatePartnerProfile, output: zPartnerFieldsOut },
  },
  PinBuilderResource: {
    get: { input: zPinBuilderImages, output: zPinBuilderGetOut },
  },
  NotificationCountResource: {
    get: { input: zNoOptions, output: zNotificationCountOut },
  },
  NotificationSettingsResource: {
    get: { input: zNoOptions, output: zNotificationSettingsOut },
    update: { input: zUpdateNotificationSettings, output: zNotificationSettingsOut },
  },
  NotificationsResource: {
    get: pagedList(zNotificationOut, zNotifications),
    update: { input: zMarkNotificationsRead, output: zMarkNotificationsReadOut },
  },
  PinBulkDeleteResource: {
    delete: { input: zPinBulkDelete, output: zPinBulkDeleteDeleteOut },
  },
  PinClusterResource: {
    get: { input: zGetCluster, output: zPinClusterGetOut },
    update: { input: zOrganizeCluster, output: zPinClusterUpdateOut },
  },
  PinCommentReactionResource: {
    create: { input: zCommentReaction, output: zCommentReactionOut },
    delete: { input: zCommentReaction, output: zCommentReactionOut },
  },
  PinCommentReportResource: {
    create: { input: zReportComment, output: zModerationAppealCreateOut },
  },
  PinCommentResource: {
    create: { input: zCreateComment, output: zPinCommentOut },
    delete: { input: zDeleteComment, output: zPinCommentDeleteOut },
  },
  PinCommentsResource: {
    get: pagedList(zPinCommentOut, zPinComments),
  },
  PinFavoriteResource: {
    create: { input: zPinFavorite, output: zPinFavoriteCreateOut },
    delete: { input: zPinFavorite, output: zPinFavoriteCreateOut },
  },
  PinHideResource: {
    create: { input: zPinHide, output: zPinHideCreateOut },
    delete: { input: zPinHide, output: zPinHideCreateOut },
  },
  PinMoveResource: {
    create: { input: zPinMove, output: zPinMoveCreateOut },
  },
  PinResource: {
    get: { input: zGetPin, output: zPinPageOut },
    create: { input: zCreatePin, output: zPinOut },
    update: { input: zUpdatePin, output: zPinPageOut },
    delete: { input: zDeletePin, output: zCollageDeleteOut },
  },
  PinTriedResource: {
    get: { input: zPinTried, output: zPinTriedGetOut },
    create: { input: zPinTried, output: zPinTriedGetOut },
    delete: { input: zPinTried, output: zPinTriedGetOut },
  },
  ProfileCoverResource: {
    create: { input: zSetProfileCover, output: zProfileCoverCreateOut },
    delete: { input: zNoOptions, output: zProfileCoverDeleteOut },
  },
  PromotedPinEventResource: {
    create: { input: zPromotedPinEvent, output: z.null() },
  },
  OAuthAppResource: {
    get: { input: zOAuthAppRef, output: zOAuthAppOut },
    create: { input: zCreateOAuthApp, output: zOAuthAppSecretOut },
    update: { input: zUpdateOAuthApp, output: zOAuthAppOut },
    delete: { input: zOAuthAppRef, output: zOAuthAppDeletedOut },
  },
  OAuthAppsResource: {
    get: { input: zNoOptions, output: z.array(zOAuthAppOut) },
  },
  OAuthAppSecretResource: {
    create: { input: zOAuthAppRef, output: zOAuthAppSecretOut },
  },
  OAuthConnectedAppResource: {
    get: { input: zNoOptions, output: z.array(zConnectedAppOut) },
    delete: { input: zOAuthAppRef, output: zOAuthAppDeletedOut },
  },
  OAuthConsentResource: {
    get: { input: zOAuthConsentRequest, output: zOAuthConsentOut },
    create: { input: zOAuthConsentDecision, output: zOAuthConsentDecisionOut },
  },
  PushSubscriptionResource: {
    create: { input: zCreatePushSubscription, output: zPushSubscriptionOut },
    delete: { input: zDeletePushSubscription, output: zPushSubscriptionOut },
  },
  RecentSearchesResource: {
    delete: { input: zRecentSearchesDelete, output: zRecentSearchesDeleteOut },
  },
  RelatedPinsResource: {
    get: pagedList(zPinOut, zRelatedPins),
  },
  RepinResource: {
    create: { input: zRepin, output: zPinOut },
  },
  SameImagePinsResource: {
    get: pagedList(zPinOut, zSameImagePins),
  },
  SearchResource: {
    get: { input: zSearch, output: zSearchOut },
  },
  SearchSuggestionsResource: {
    get: { input: zSearchSuggestions, output: zSearchSuggestionsOut },
  },
  SearchTypeaheadResource: {
    get: { input: zSearchTypeahead, output: zSearchTypeaheadGetOut },
  },
  ShareSuggestionsResource: {
    get: { input: zGetShareSuggestions, output: zShareSuggestionsGetOut },
  },
  SocialTrackingIdResource: {
    get: { input: zSocialTrackingId, output: z.string() },
  },
  StoryPinMediaResource: {
    create: { input: zCreateStoryMedia, output: zStoryPinMediaCreateOut },
    get: { input: zGetStoryMedia, output: zStoryPinMediaCreateOut },
  },
  StoryPinResource: {
    create: { input: zCreateStoryPin, output: zPinOut },
    update: { input: zUpdateStoryPin, output: zPinOut },
  },
  TodayArticleResource: {
    get: { input: zTodayArticleGet, output: zTodayArticleOut },
    create: { input: zTodayArticleCreate, output: zTodayArticleOut },
    update: { input: zTodayArticleUpdate, output: zTodayArticleOut },
    delete: { input: zTodayArticleDelete, output: zTodayArticleDeleteOut },
  },
  TodayArticlesResource: {
    get: pagedList(zTodayArticleOut, zTodayArticles),
  },
  TransparencyReportResource: {
    get: { input: zTransparencyReport, output: zTransparencyReportGetOut },
  },
  UnauthEventResource: {
    create: { input: zUnauthEvent, output: zUnauthEventCreateOut },
  },
  UserBlockResource: {
    create: { input: zBlockUser, output: zUserBlockCreateOut },
    delete: { input: zBlockUser, output: zUserBlockCreateOut },
  },
  UserCreatedPinsResource: {
    get: pagedList(zPinOut, zCreatedPins),
  },
  UserFilteredPinsResource: {
    get: pagedList(zPinOut, zFilteredPins),
  },
  UserFollowersResource: {
    get: pagedList(zFollowListUserOut, zFollowList),
  },
  UserFollowingResource: {
    get: pagedList(zFollowListUserOut, zFollowList),
  },
  UserFollowResource: {
    create: { input: zFollowUser, output: zUserFollowCreateOut },
    delete: { input: zUnfollowUser, output: zUserFollowDeleteOut },
  },
  UserHomefeedResource: {
    get: pagedList(zPinOut, zHomefeed),
  },
  UserInterestsResource: {
    get: pagedList(zInterestOut, zUserInterests),
    update: { input: zUpdateUserInterests, output: z.array(zInterestOut) },
  },
  UserMetadataResource: {
    get: { input: zNoOptions, output: zUserMetadataOut },
    update: { input: zUpdateUserMetadata, output: zUserMetadataOut },
  },
  UserMfaResource: {
    get: { input: zNoOptions, output: zUserMfaGetOut },
    create: { input: zNoOptions, output: zUserMfaCreateOut },
    update: { input: zConfirmMfa, output: zUserMfaUpdateOut },
    delete: { input: zDisableMfa, output: zUserMfaDeleteOut },
  },
  UserPasswordResource: {
    update: { input: zChangePassword, output: zUserPasswordUpdateOut },
  },
  UserPinsResource: {
    get: pagedList(zPinOut, zUserPins),
  },
  UserRegisterResource: {
    create: { input: zRegister, output: zUserRegisterCreateOut },
  },
  UserReportResource: {
    create: { input: zReportUser, output: zModerationAppealCreateOut },
  },
  UserResource: {
    get: { input: zGetUser, output: zProfileAnswerOut },
    update: { input: zUpdateProfile, output: zProfileAnswerOut },
  },
  UserSessionResource: {
    get: { input: zNoOptions, output: zUserSessionGetOut },
    create: { input: zLogin, output: zUserSessionCreateOut },
    delete: { input: zNoOptions, output: zUserSessionDeleteOut },
  },
  UserSessionsResource: {
    delete: { input: zNoOptions, output: zUserSessionsDeleteOut },
  },
  UserSettingsResource: {
    get: { input: zUserSettings, output: zUserSettingsOut },
    update: { input: zUpdateUserSettings, output: zUserSettingsOut },
  },
  UserStoryPinsResource: {
    get: pagedList(zPinOut, zCreatedPins),
  },
  UserTriedPinsResource: {
    get: pagedList(zPinOut, zTriedPins),
  },
  UserVideoPinsResource: {
    get: pagedList(zPinOut, zCreatedPins),
  },
  VerifiedMerchantResource: {
    get: { input: zGetVerifiedMerchant, output: zVerifiedMerchantGetOut },
    update: { input: zUpdateVerifiedMerchant, output: zVerifiedMerchantGetOut },
  },
  WebsiteClaimResource: {
    get: { input: zNoOptions, output: zWebsiteClaimGetOut },
    create: { input: zNoOptions, output: zWebsiteClaimGetOut },
  },
} satisfies ContractMap;
