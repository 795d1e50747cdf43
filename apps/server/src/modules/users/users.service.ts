/**
 * Reading profiles and the signed-in Viewer.
 */
import type { TUpdateProfile, TUpdateUserMetadata } from '@pinboard/shared/schemas/users';
import type { TUserSettingsOut } from '@pinboard/shared/schemas/comments';
import { isReservedPath } from '@pinboard/shared/constants/reservedPaths';
import { AppError } from '../../lib/app-error';
import { ValidationError } from '../../lib/validation';
import type { MediaStore } from '../../media-pipeline/media-store';
import { processImage } from '../../media-pipeline/process-image';
import { storeImage } from '../../media-pipeline/store-image';
import { canSeeAccount, canSeeProfileContent, isStaff } from '../../kernel/users.policy';
import { avatarOrNull } from '@pinboard/shared/text/avatar';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { readerOf, requireViewer, type RequestContext } from '../../lib/context';
import { presentProfile } from './users.present';
import { usersRepo } from './users.repo';

/**
 * What another module adds to a profile answer: partner's business fields and the profile's tabs (wired in
 * services.ts; partner reads people, so users do not import it).
 */
export type ProfileExtras = (
  db: Db,
  ctx: RequestContext,
  userId: string,
  o: { isOwner: boolean; contentVisible: boolean; storyPinCount?: number },
) => Promise<Record<string, unknown>>;

export function createUsersService({
  db,
  config,
  media,
  profileExtras,
}: {
  db: Db;
  config: { experiments: Record<string, string>; staffUsernames: ReadonlySet<string> };
  media: MediaStore;
  profileExtras: ProfileExtras;
}) {
  async function viewerIsStaff(ctx: RequestContext) {
    return !!ctx.viewer && isStaff(await usersRepo.byId(db, ctx.viewer.id), config.staffUsernames);
  }

  return {
    /**
     * A profile. Private profiles show their content counts only to the owner
     * and followers; `invite_code` tells the page whether to offer Follow.
     */
    async getProfile(ctx: RequestContext, username: string, opts: { inviteCode?: string | undefined } = {}) {
      // The profile's reads may come from the read replica (decision 068); its view count (profileExtras) writes on the primary.
      const reader = readerOf(ctx, db);
      const user = await usersRepo.byUsername(reader, username);
      if (!user) throw notFound('profile');
      // A removed person's profile is missing to everyone but staff (who review it); asked only then.
      if (!canSeeAccount(user, user.moderation === 'removed' && (await viewerIsStaff(ctx)))) throw notFound('profile');
      const isOwner = ctx.viewer?.id === user.id;
      const rel = ctx.viewer && !isOwner ? await relationship(reader, ctx.viewer.id, user.id) : none;
      const contentVisible = canSeeProfileContent(ctx.viewer, user, rel.followedByMe);
      const counts = contentVisible ? await usersRepo.profileCounts(reader, user.id, ctx.viewer?.id ?? null) : HIDDEN_COUNTS;
      return {
        ...presentProfile(user, counts, { isOwner, ...rel }),
        content_visible: contentVisible,
        invite_code_valid: !!opts.inviteCode && opts.inviteCode === user.invite_code,
        // Both must allow messaging (docs/product/profiles-and-boards.md §5), and no block stands either way.
        should_show_messaging: !!ctx.viewer && !isOwner && !rel.blockedByMe && !rel.blockedMe && rel.viewerAllowsMessages && user.allow_messages,
        // Boardless (quick-saved) Pins: the unorganized-ideas strip's +count.
        quick_saves_pin_count: counts.quick_saves_pin_count,
        // The owner's own settings.
        ...(isOwner ? { allow_messages: user.allow_messages, country: user.country } : {}),
        is_ads_only_profile: user.is_ads_only_profile,
        ads_only_profile_site: user.ads_only_profile_site,
        instagram_data: user.instagram_username ? { username: user.instagram_username, url: `https://www.instagram.com/${user.instagram_username}/` } : null,
        ...(await profileExtras(db, ctx, user.id, { isOwner, contentVisible, storyPinCount: counts.story_pin_count })),
      };
    },

    /** The viewer's own profile settings (/settings/edit-profile). */
    async updateProfile(ctx: RequestContext, input: TUpdateProfile, image: Buffer | null) {
      const viewer = requireViewer(ctx);
      if (input.username && input.username.toLowerCase() !== viewer.username.toLowerCase()) {
        if (isReservedPath(input.username)) throw new ValidationError('username', 'That username is not available.');
        if (await usersRepo.usernameTaken(db, input.username)) throw new AppError('CONFLICT', 'That username is taken.');
      }
      let imageUrl: string | undefined;
      if (image) {
        const stored = await storeImage(media, await processImage(image));
        imageUrl = stored.images['474x'].url;
      }
      const { profile_image_base64: _image, ...fields } = input;
      await usersRepo.update(db, viewer.id, { ...fields, image_url: imageUrl });
      const user = await usersRepo.byId(db, viewer.id);
      return this.getProfile({ ...ctx, viewer: { id: viewer.id, username: user!.username } }, user!.username);
    },

    /** The viewer's metadata and view preferences (board sort order, densities, save behaviour). */
    async metadata(ctx: RequestContext) {
      const user = await usersRepo.byId(db, requireViewer(ctx).id);
      return { ...user!.metadata, save_behavior: user!.save_behavior };
    },

    async updateMetadata(ctx: RequestContext, input: TUpdateUserMetadata) {
      const viewer = requireViewer(ctx);
      const { save_behavior, board_sort_order, ...prefs } = input;
      const patch: Record<string, unknown> = { ...prefs };
      if (board_sort_order) {
        const user = await usersRepo.byId(db, viewer.id);
        const perBoard = (user!.metadata.board_sort_orders as Record<string, string> | undefined) ?? {};
        patch.board_sort_orders = { ...perBoard, [board_sort_order.board_id]: board_sort_order.order };
      }
      await usersRepo.updateMetadata(db, viewer.id, patch, save_behavior ?? null);
      return this.metadata(ctx);
    },

    /** The viewer's settings (UserSettingsResource, docs/product/api-contract.md §8): whether new Pins start with comments off. */
    async settings(ctx: RequestContext): Promise<TUserSettingsOut> {
      const user = await usersRepo.byId(db, requireViewer(ctx).id);
      if (!user) throw notFound('person');
      return { comments_default_off: user.comments_default_off };
    },

    async updateSettings(ctx: RequestContext, input: TUserSettingsOut): Promise<TUserSettingsOut> {
      const viewer = requireViewer(ctx);
      await usersRepo.setCommentsDefaultOff(db, viewer.id, input.comments_default_off);
      return this.settings(ctx);
    },

    /** The Viewer of docs/product/api-contract.md §2, as the spec spells its fields. */
    async viewer(ctx: RequestContext) {
      if (!ctx.viewer) return { isAuth: false, experiments: config.experiments };
      const user = await usersRepo.byId(db, ctx.viewer.id);
      if (!user) return { isAuth: false };
      const counts = await usersRepo.profileCounts(db, user.id, user.id);
      return {
        isAuth: true,
        id: user.id,
        username: user.username,
        full_name: user.full_name,
        image_medium_url: avatarOrNull(user.image_url ?? ''),
        isPartner: user.is_partner,
        isEmployee: isStaff(user, config.staffUsernames),
        hasPublishedPins: counts.pin_count > 0,
        shouldDefaultCommentsOff: user.comments_default_off,
        boardCount: counts.board_count,
        secretBoardCount: counts.secret_board_count,
        save_behavior: user.save_behavior,
        has_quicksave_board: false,
        locale: user.locale,
        country: user.country,
        gender: user.gender,
        age_group: user.age_group,
        allow_messages: user.allow_messages,
        email_verified: user.email_verified,
        experiments: config.experiments,
      };
    },
  };
}

const none = { followedByMe: false, followingMe: false, blockedByMe: false, blockedMe: false, viewerAllowsMessages: false };
const HIDDEN_COUNTS = {
  follower_count: 0,
  following_count: 0,
  interest_following_count: 0,
  board_count: 0,
  secret_board_count: 0,
  archived_board_count: 0,
  pin_count: 0,
  quick_saves_pin_count: 0,
  has_created_pins: false,
  story_pin_count: 0,
  video_pin_count: 0,
};

async function relationship(db: Db, viewerId: string, userId: string) {
  const row = await usersRepo.relationship(db, viewerId, userId);
  return {
    followedByMe: !!row?.followed_by_me,
    followingMe: !!row?.following_me,
    blockedByMe: !!row?.blocked_by_me,
    blockedMe: !!row?.blocked_me,
    viewerAllowsMessages: !!row?.viewer_allows_messages,
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
