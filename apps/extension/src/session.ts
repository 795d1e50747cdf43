/**
 * The signed-in session, kept in the extension's local storage: the server's address and the OAuth tokens.
 * Signing in runs in the background worker (a popup closes when the consent window takes the focus).
 */
import { EXTENSION_CLIENT, OAUTH_SCOPES } from '@pinboard/shared/schemas/oauth';
import { exchangeCode, refreshTokens, type Tokens } from './api';
import { challengeOf, makeState, makeVerifier } from './pkce';

export interface Session {
  server: string;
  accessToken: string;
  refreshToken: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

/** What saving needs: every scope but changing secret boards (creating a Pin asks `boards:write` too, as Pinterest's API does). */
const SCOPES = OAUTH_SCOPES.filter((scope) => scope !== 'boards:write_secret');
/** The address asked for before anyone typed one (the build may name the server it is made for). */
const DEFAULT_SERVER = process.env.PINBOARD_SERVER_URL ?? 'http://localhost:3000';

const asSession = (server: string, tokens: Tokens): Session => ({
  server,
  accessToken: tokens.access_token,
  refreshToken: tokens.refresh_token,
  expiresAt: Date.now() + tokens.expires_in * 1000,
});

export async function readSession(): Promise<Session | null> {
  const { session } = (await chrome.storage.local.get('session')) as { session?: Session };
  return session ?? null;
}

export async function lastServer(): Promise<string> {
  const { server } = (await chrome.storage.local.get('server')) as { server?: string };
  return server ?? DEFAULT_SERVER;
}

export const signOut = () => chrome.storage.local.remove('session');

/** The server's origin for a typed address ("pins.example.org" → "https://pins.example.org"), or null. */
export function serverOrigin(typed: string): string | null {
  const value = typed.trim();
  if (!value) return null;
  try {
    const url = new URL(value.includes('://') ? value : `https://${value}`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** The OAuth flow with PKCE through the browser's identity API; keeps the session. */
export async function signIn(server: string): Promise<void> {
  const redirectUri = chrome.identity.getRedirectURL();
  const verifier = makeVerifier();
  const state = makeState();
  const consent = new URL('/oauth/', server);
  consent.search = new URLSearchParams({
    client_id: EXTENSION_CLIENT.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: SCOPES.join(','),
    state,
    code_challenge: await challengeOf(verifier),
    code_challenge_method: 'S256',
  }).toString();
  await chrome.storage.local.set({ server });
  const answered = await chrome.identity.launchWebAuthFlow({ url: consent.href, interactive: true });
  const back = new URL(answered ?? '');
  const code = back.searchParams.get('code');
  if (back.searchParams.get('state') !== state || !code) throw new Error(back.searchParams.get('error') ?? 'no code');
  const tokens = await exchangeCode(server, code, redirectUri, verifier);
  await chrome.storage.local.set({ session: asSession(server, tokens) });
}

/** A valid access token: the kept one, or a refreshed one a minute before it ends. */
export async function accessToken(): Promise<string> {
  const session = await readSession();
  if (!session) throw new Error('signed out');
  if (session.expiresAt - 60_000 > Date.now()) return session.accessToken;
  const tokens = await refreshTokens(session.server, session.refreshToken);
  const next = asSession(session.server, tokens);
  await chrome.storage.local.set({ session: next });
  return next.accessToken;
}

export async function lastUsedBoards(): Promise<string[]> {
  const { lastUsed } = (await chrome.storage.local.get('lastUsed')) as { lastUsed?: string[] };
  return lastUsed ?? [];
}

export const keepLastUsedBoards = (lastUsed: string[]) => chrome.storage.local.set({ lastUsed });
