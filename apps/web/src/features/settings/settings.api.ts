import type { ResourceInput } from '@pinboard/shared/contract';
import type { TUserSettingsOut } from '@pinboard/shared/schemas/comments';
import { api } from '../../lib/api';
import type { ProfileDetails } from '../profile/profile.api';

/** What /settings can change (UserResource update). */
export type ProfileUpdate = ResourceInput<'UserResource', 'update'>;

export async function updateProfile(update: ProfileUpdate): Promise<ProfileDetails> {
  return (await api.resource('UserResource', 'update', { ...update })).data;
}

export interface PasswordChange {
  current_password: string;
  new_password: string;
}

/** UserPasswordResource update: every other session ends; this one goes on (the server sets its new cookie). */
export async function changePassword(change: PasswordChange) {
  return (await api.resource('UserPasswordResource', 'update', { ...change })).data;
}

/** UserSessionsResource delete: every session of the account ends, this one too. */
export async function logOutEverywhere() {
  return (await api.resource('UserSessionsResource', 'delete', {})).data;
}

/** UserSettingsResource update: whether new Pins start with comments turned off. */
export async function updateUserSettings(settings: TUserSettingsOut): Promise<TUserSettingsOut> {
  return (await api.resource('UserSettingsResource', 'update', { ...settings })).data;
}
