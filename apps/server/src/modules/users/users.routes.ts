import { zNoOptions } from '@pinboard/shared/schemas/common';
import { zGetUser, zUpdateProfile, zUpdateUserMetadata } from '@pinboard/shared/schemas/users';
import { zUpdateUserSettings, zUserSettings } from '@pinboard/shared/schemas/comments';
import { decodeBase64Image } from '../../lib/data-url';
import { action, type ResourceRegistry } from '../../lib/resources';
import type { Services } from '../../services';

export function registerUserResources(registry: ResourceRegistry, s: Services) {
  registry.add({
    name: 'UserResource',
    description: 'A profile.',
    actions: {
      get: action({
        summary: 'Read a profile by username',
        options: zGetUser,
        handler: (ctx, o) => s.users.getProfile(ctx, o.username, { inviteCode: o.invite_code }),
      }),
      update: action({
        summary: 'Edit your own profile (name, username, about, website, location, pronouns, picture as a data URL, privacy)',
        options: zUpdateProfile,
        auth: 'required',
        bodyLimit: 28 * 1024 * 1024,
        async handler(ctx, o) {
          if (o.profile_image_base64) await s.limits.take('profile_avatar', ctx);
          return s.users.updateProfile(ctx, o, o.profile_image_base64 ? decodeBase64Image(o.profile_image_base64) : null);
        },
      }),
    },
  });

  registry.add({
    name: 'UserMetadataResource',
    description: "The viewer's metadata and view preferences: board sort order, densities, board view, save behaviour.",
    actions: {
      get: action({ summary: 'Read', options: zNoOptions, auth: 'required', handler: (ctx) => s.users.metadata(ctx) }),
      update: action({ summary: 'Update', options: zUpdateUserMetadata, auth: 'required', handler: (ctx, o) => s.users.updateMetadata(ctx, o) }),
    },
  });

  registry.add({
    name: 'UserSettingsResource',
    description: "The viewer's settings: `comments_default_off`, whether new Pins start with comments turned off (the Viewer's `shouldDefaultCommentsOff`).",
    actions: {
      get: action({ summary: 'Read', options: zUserSettings, auth: 'required', handler: (ctx) => s.users.settings(ctx) }),
      update: action({ summary: 'Update', options: zUpdateUserSettings, auth: 'required', handler: (ctx, o) => s.users.updateSettings(ctx, o) }),
    },
  });
}
