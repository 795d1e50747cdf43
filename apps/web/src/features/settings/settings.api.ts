import type { TUserSettingsOut } from '@pinboard/shared/schemas/comments';
import { api } from '../../lib/api';
import type { ProfileDetails } from '../profile/profile.api';

/** What /settings can change (UserResource update). */
export interface ProfileUpdate {
  full_name?: string;
  first_name?: string;
  username?: string;
  about?: string;
  location?: string;
  website_url?: string;
  pronouns?: string[];
  is_private_profile?: boolean;
  allow_messages?: boolean;
  /** ISO 3166-1 alpha-2 code of the account's country. */
  country?: string;
  /** The account's language, one of SUPPORTED_LOCALES. */
  locale?: string;
  /** Told when known (null: unknown): which promoted Pins the person sees. */
  gender?: string | null;
  age_group?: string | null;
  /** A data: URL of the new picture. */
  profile_image_base64?: string;
}

export async function updateProfile(update: ProfileUpdate): Promise<ProfileDetails> {
  return (await api.send<ProfileDetails>('UserResource', 'update', { ...update })).data;
}

export interface PasswordChange {
  current_password: string;
  new_password: string;
}

/** UserPasswordResource update: every other session ends; this one goes on (the server sets its new cookie). */
export async function changePassword(change: PasswordChange): Promise<{ ended_sessions: number }> {
  return (await api.send<{ ended_sessions: number }>('UserPasswordResource', 'update', { ...change })).data;
}

/** UserSessionsResource delete: every session of the account ends, this one too. */
export async function logOutEverywhere(): Promise<{ ended_sessions: number }> {
  return (await api.send<{ isAuth: false; ended_sessions: number }>('UserSessionsResource', 'delete', {})).data;
}

/** UserSettingsResource update: whether new Pins start with comments turned off. */
export async function updateUserSettings(settings: TUserSettingsOut): Promise<TUserSettingsOut> {
  return (await api.send<TUserSettingsOut>('UserSettingsResource', 'update', { ...settings })).data;
}
