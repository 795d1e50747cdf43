import { api } from '../../lib/api';
import { getLocale } from '../../lib/i18n';
import { noteSignedInViewer, type ServerActingProfile } from '../../lib/actingProfile';

/** Experiment groups by name, e.g. { pin_creation: 'disable_web_pins' }. */
type Experiments = Partial<Record<string, string>>;

/** What the server reads from the request (decision 041): crawler or person, country, whether the imprint link shows. */
interface VisitorFields {
  isBot?: boolean;
  isSocialBot?: boolean;
  /** Signed in: the account's country; else from the configured geo header or Accept-Language; null when unknown. */
  country?: string | null;
  /** Viewers in DE, AT and CH get the imprint link (docs/product/logged-out-and-business.md §2). */
  show_imprint?: boolean;
  /** Where the imprint is (IMPRINT_URL). */
  imprint_url?: string;
}

interface SignedOutViewer extends VisitorFields {
  isAuth: false;
  experiments?: Experiments;
}

export interface SignedInViewer extends VisitorFields {
  isAuth: true;
  id: string;
  username: string;
  full_name: string;
  image_medium_url: string | null;
  isPartner: boolean;
  boardCount: number;
  secretBoardCount: number;
  /** 0: Save puts the Pin on the profile at once; 1: Save opens the board picker. */
  save_behavior: number;
  /** Staff (employees): the moderation queue is theirs, and they write Today articles. */
  isEmployee?: boolean;
  locale?: string;
  /** Whether people may start conversations with the viewer (account settings). */
  allow_messages?: boolean;
  /** What the person told of themself in account settings (null: unknown). */
  gender?: string | null;
  age_group?: string | null;
  /** False until the account's email is verified through the mailed link. */
  email_verified?: boolean;
  /** Whether the viewer has Pins of their own (docs/product/profiles-and-boards.md §3). */
  hasPublishedPins?: boolean;
  /** New Pins start with comments turned off (UserSettingsResource `comments_default_off`). */
  shouldDefaultCommentsOff?: boolean;
  experiments?: Experiments;
  /** The business profile this session acts as (null: oneself), kept with the session on the server (decision 059). */
  acting?: ServerActingProfile | null;
}

export type Viewer = SignedOutViewer | SignedInViewer;

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
  const viewer = (await api.get<Viewer>('UserSessionResource', {}, signal)).data;
  noteSignedInViewer(viewer.isAuth ? viewer.id : null, viewer.isAuth ? (viewer.acting ?? null) : null);
  return viewer;
}

export async function logIn(input: LoginInput): Promise<Viewer> {
  const viewer = (await api.send<Viewer>('UserSessionResource', 'create', { ...input })).data;
  // A new session acts as the person until they switch.
  noteSignedInViewer(viewer.isAuth ? viewer.id : null, viewer.isAuth ? (viewer.acting ?? null) : null);
  return viewer;
}

export async function logOut(): Promise<void> {
  await api.send('UserSessionResource', 'delete', {});
  noteSignedInViewer(null, null);
}

export async function register(input: RegisterInput): Promise<{ id: string; username: string }> {
  // The account starts in the language the page is in.
  return (await api.send<{ id: string; username: string }>('UserRegisterResource', 'create', { ...input, locale: getLocale() })).data;
}
