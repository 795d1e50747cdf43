import { api } from '../../lib/api';

export interface SignedOutViewer {
  isAuth: false;
}

export interface SignedInViewer {
  isAuth: true;
  id: string;
  username: string;
  full_name: string;
  image_medium_url: string | null;
  isPartner: boolean;
  boardCount: number;
  secretBoardCount: number;
  save_behavior: number;
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
