/**
 * Every call the extension makes to the server, in one place: the OAuth token endpoint and Pinterest's API
 * v5 (the server's /v5 paths), with a bearer token.
 */
import { EXTENSION_CLIENT } from '@pinboard/shared/schemas/oauth';
import type { PickerBoard } from './boards';

export interface Tokens {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  scope: string;
}

export interface Section {
  id: string;
  name: string;
}

export interface SavedPin {
  id: string;
}

export interface NewPin {
  board_id: string;
  board_section_id?: string;
  title: string;
  description: string;
  link: string;
  imageUrl: string;
}

/** A failed call: its status and the server's message when it gave one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function answer<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => null)) as (T & { message?: string; error_description?: string }) | null;
  if (!response.ok || body === null) throw new ApiError(response.status, body?.message ?? body?.error_description ?? response.statusText);
  return body;
}

async function tokenCall(server: string, form: Record<string, string>): Promise<Tokens> {
  const response = await fetch(new URL('/v5/oauth/token', server), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...form, client_id: EXTENSION_CLIENT.clientId }),
  });
  return answer<Tokens>(response);
}

/** Trades the consent page's code for tokens (PKCE: the verifier that made the challenge). */
export const exchangeCode = (server: string, code: string, redirectUri: string, verifier: string) =>
  tokenCall(server, { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier });

export const refreshTokens = (server: string, refreshToken: string) => tokenCall(server, { grant_type: 'refresh_token', refresh_token: refreshToken });

/** The v5 calls, each with the access token `token()` gives (it refreshes when needed). */
export function v5(server: string, token: () => Promise<string>) {
  const call = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${await token()}`);
    return answer<T>(await fetch(new URL(path, server), { ...init, headers }));
  };

  /** Every page of a v5 list. */
  const all = async <T>(path: string): Promise<T[]> => {
    const items: T[] = [];
    let bookmark: string | null = null;
    do {
      const url = new URL(path, server);
      url.searchParams.set('page_size', '250');
      if (bookmark) url.searchParams.set('bookmark', bookmark);
      const page: { items: T[]; bookmark?: string | null } = await call(url.pathname + url.search);
      items.push(...page.items);
      bookmark = page.bookmark ?? null;
    } while (bookmark);
    return items;
  };

  return {
    boards: () => all<PickerBoard>('/v5/boards'),
    sections: (boardId: string) => all<Section>(`/v5/boards/${encodeURIComponent(boardId)}/sections`),
    createPin: (pin: NewPin) =>
      call<SavedPin>('/v5/pins', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          board_id: pin.board_id,
          ...(pin.board_section_id ? { board_section_id: pin.board_section_id } : {}),
          title: pin.title,
          description: pin.description,
          link: pin.link,
          media_source: { source_type: 'image_url', url: pin.imageUrl },
        }),
      }),
    alreadySaved: (query: { link: string; contentSha256?: string }) => {
      const params = new URLSearchParams({ link: query.link });
      if (query.contentSha256) params.set('content_sha256', query.contentSha256);
      return call<{ boards: { id: string; name: string; url: string }[] }>(`/v5/pinboard/already_saved?${params}`);
    },
  };
}

export type V5 = ReturnType<typeof v5>;
