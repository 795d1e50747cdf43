/**
 * The consent step of the authorization code flow (decision 099): the checks of the consent page's query, in
 * the order that decides what the person sees (an unknown client or an unregistered redirect URI is answered
 * 400 and never redirected to), and the addresses a decision sends the person back to.
 */
import { isOAuthScope, scopesOf, type OAuthScope } from '@pinboard/shared/schemas/oauth';
import { keyedError } from '../../lib/app-error';
import { isId } from '../../lib/ids';
import type { OAuthClientRow } from './oauth.repo';

export interface ConsentQuery {
  client_id?: string | undefined;
  consumer_id?: string | undefined;
  redirect_uri?: string | undefined;
  response_type?: string | undefined;
  scope?: string | undefined;
  state?: string | undefined;
  code_challenge?: string | undefined;
  code_challenge_method?: string | undefined;
}

export interface ConsentRequest {
  app: OAuthClientRow;
  redirectUri: string;
  scopes: OAuthScope[];
  state: string | undefined;
  codeChallenge: string | null;
}

/** RFC 7636: a challenge (and a verifier) is 43 to 128 unreserved characters. */
const PKCE_VALUE = /^[A-Za-z0-9._~-]{43,128}$/;

/** The client id of a query: `client_id`, or Pinterest's older name for it, `consumer_id`. */
export const clientIdOf = (q: ConsentQuery): string | null => {
  const id = q.client_id ?? q.consumer_id;
  return id !== undefined && isId(id) ? id : null;
};

/** Checks a consent query against its app (null: no app has that id); throws a 400 with a clear text. */
export function checkConsent(q: ConsentQuery, app: OAuthClientRow | null): ConsentRequest {
  if (!app) throw keyedError('INVALID_INPUT', 'oauth.unknownClient');
  const redirectUri = q.redirect_uri;
  if (!redirectUri || !app.redirect_uris.includes(redirectUri)) throw keyedError('INVALID_INPUT', 'oauth.redirectUnregistered');
  if (q.response_type !== 'code') throw keyedError('INVALID_INPUT', 'oauth.responseType');
  const asked = scopesOf(q.scope);
  if (asked.length === 0) throw keyedError('INVALID_INPUT', 'oauth.scopeMissing');
  const unknown = asked.filter((s) => !isOAuthScope(s));
  if (unknown.length > 0) throw keyedError('INVALID_INPUT', 'oauth.scopeUnknown', { scopes: unknown.join(', ') });
  let codeChallenge: string | null = null;
  if (q.code_challenge !== undefined || q.code_challenge_method !== undefined) {
    if (q.code_challenge_method !== 'S256') throw keyedError('INVALID_INPUT', 'oauth.pkceMethod');
    if (!q.code_challenge || !PKCE_VALUE.test(q.code_challenge)) throw keyedError('INVALID_INPUT', 'oauth.pkceChallenge');
    codeChallenge = q.code_challenge;
  }
  // A public client (no secret) proves it is the one that asked only with PKCE.
  if (app.secret_hash === null && codeChallenge === null) throw keyedError('INVALID_INPUT', 'oauth.pkceRequired');
  return { app, redirectUri, scopes: asked as OAuthScope[], state: q.state || undefined, codeChallenge };
}

/** The redirect URI with `params` added after its own query, in order (the code first), each encoded. */
export function redirectWith(redirectUri: string, params: [string, string | undefined][]): string {
  const added = params.filter((p): p is [string, string] => p[1] !== undefined).map(([k, v]) => `${k}=${encodeURIComponent(v)}`);
  return redirectUri + (redirectUri.includes('?') ? '&' : '?') + added.join('&');
}

export const isPkceVerifier = (value: string | undefined): value is string => value !== undefined && PKCE_VALUE.test(value);
