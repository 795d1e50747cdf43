import { api } from '../../lib/api';

/** Experiment groups by name, e.g. { pin_creation: 'disable_web_pins' }. */
export type Experiments = Partial<Record<string, string>>;

export interface SignedOutViewer {
  isAuth: false;
  experiments?: Experiments;
}

export interface SignedInViewer {
  isAuth: true;
  id: string;
  username: string;
  full_name: string;
  image_medium_url: string | null;
  isPartner: boolean;
  /** Staff: may write Today articles. */
  isEmployee?: boolean;
  boardCount: number;
  secretBoardCount: number;
  /** 0: Save puts the Pin on the profile at once; 1: Save opens the board picker. */
  save_behavior: number;
  /** ISO country code of the account (e.g. 'DE'): decides the regional legal report. */
  country?: string;
  locale?: string;
  /** Whether people may start conversations with the viewer (account settings). */
  allow_messages?: boolean;
  /** False until the account's email is verified through the mailed link. */
  email_verified?: boolean;
  experiments?: Experiments;
}

export type Viewer = SignedOutViewer | SignedInViewer;

export interface LoginInput {
  username_or_email: string;
  password: string;
}

export interface RegisterInput {
  email: string;
  password: string;
  username?: string;
  full_name?: string;
}

export async function fetchViewer(signal?: AbortSignal): Promise<Viewer> {
  return (await api.get<Viewer>('UserSessionResource', {}, signal)).data;
}

export async function logIn(input: LoginInput): Promise<Viewer> {
  return (await api.send<Viewer>('UserSessionResource', 'create', { ...input })).data;
}

export async function logOut(): Promise<void> {
  await api.send('UserSessionResource', 'delete', {});
}

export async function register(input: RegisterInput): Promise<{ id: string; username: string }> {
  return (await api.send<{ id: string; username: string }>('UserRegisterResource', 'create', { ...input })).data;
}
