import type { ResourceOutput } from '@pinboard/shared/contract';
import { api } from '../../lib/api';
import { getLocale } from '../../lib/i18n';
import { noteSignedInViewer } from '../../lib/actingProfile';

/**
 * The Viewer as the session answers it: read (`UserSessionResource` get, with
 * what the request says of its visitor, decision 041, and the business the
 * session acts as, decision 059), or just signed in (create: the account's own fields).
 */
export type SessionRead = ResourceOutput<'UserSessionResource', 'get'>;
export type Viewer = SessionRead | ResourceOutput<'UserSessionResource', 'create'>;
export type SignedInViewer = Extract<Viewer, { isAuth: true }>;

export interface LoginInput {
  username_or_email: string;
  password: string;
  /** Once two-factor sign-in is on: the app's code, or a recovery code. */
  mfa_code?: string | undefined;
}

export interface RegisterInput {
  email: string;
  password: string;
  username?: string;
  full_name?: string;
}

export async function fetchViewer(signal?: AbortSignal): Promise<Viewer> {
  const viewer = (await api.resource('UserSessionResource', 'get', {}, signal)).data;
  noteSignedInViewer(viewer.isAuth ? viewer.id : null, viewer.isAuth ? (viewer.acting ?? null) : null);
  return viewer;
}

export async function logIn(input: LoginInput): Promise<Viewer> {
  const viewer = (await api.resource('UserSessionResource', 'create', { ...input })).data;
  // A new session acts as the person until they switch.
  noteSignedInViewer(viewer.isAuth ? viewer.id : null, null);
  return viewer;
}

export async function logOut(): Promise<void> {
  await api.resource('UserSessionResource', 'delete', {});
  noteSignedInViewer(null, null);
}

export async function register(input: RegisterInput) {
  // The account starts in the language the page is in.
  return (await api.resource('UserRegisterResource', 'create', { ...input, locale: getLocale() })).data;
}
