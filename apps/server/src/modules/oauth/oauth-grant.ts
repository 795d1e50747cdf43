/**
 * The token endpoint's work (decision 099): who the client is (HTTP Basic for an app with a secret; a public
 * client names itself with `client_id` in the form and proves itself with PKCE), then the grant: an
 * authorization code (used once, in time, for the same app, redirect URI and PKCE verifier) or a refresh
 * token (traded for a new pair; the old pair stops). Failures are `OAuthRefusal`s, which the route answers as
 * Pinterest's `{ code, message }`.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { isOAuthScope, scopesOf, type OAuthScope } from '@pinboard/shared/schemas/oauth';
import type { Db } from '../../db/client';
import { keyedError, type AppError } from '../../lib/app-error';
import { isId } from '../../lib/ids';
import { hashToken } from '../../lib/tokens';
import { isPkceVerifier } from './oauth-consent';
import { issueTokens } from './oauth-tokens';
import { oauthRepo, type OAuthClientRow } from './oauth.repo';

/** A form body's fields (application/x-www-form-urlencoded), the last of each name. */
export type TokenForm = Record<string, string | undefined>;

const unauthorized = (): AppError => keyedError('BAD_CREDENTIALS', 'oauth.clientAuth');
const badGrant = (): AppError => keyedError('INVALID_INPUT', 'oauth.badGrant');

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** `Basic base64(client_id:client_secret)`, or null when the header is not that. */
function basicCredentials(authorization: string): { id: string; secret: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization);
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/** The client a token request comes from, or a 401: wrong or missing credentials, or a public client's id with a secret. */
async function clientOf(db: Db, authorization: string | undefined, form: TokenForm): Promise<OAuthClientRow> {
  if (authorization !== undefined) {
    const creds = basicCredentials(authorization);
    if (!creds || !isId(creds.id) || (form.client_id !== undefined && form.client_id !== creds.id)) throw unauthorized();
    const app = await oauthRepo.clientById(db, creds.id);
    if (!app?.secret_hash || !sameHash(app.secret_hash, hashToken(creds.secret))) throw unauthorized();
    return app;
  }
  const id = form.client_id;
  const app = id !== undefined && isId(id) ? await oauthRepo.clientById(db, id) : null;
  // An app with a secret must send it; only a public client may name itself in the form.
  if (!app || app.secret_hash !== null) throw unauthorized();
  return app;
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

async function fromCode(db: Db, app: OAuthClientRow, form: TokenForm) {
  if (!form.code || !form.redirect_uri) throw badGrant();
  const code = await oauthRepo.useCode(db, hashToken(form.code));
  if (!code || code.expired || code.app_id !== app.id || code.redirect_uri !== form.redirect_uri) throw badGrant();
  if (code.code_challenge !== null) {
    const verifier = form.code_verifier;
    if (!isPkceVerifier(verifier) || !sameHash(s256(verifier), code.code_challenge)) throw keyedError('INVALID_INPUT', 'oauth.badVerifier');
  } else if (app.secret_hash === null) {
    throw keyedError('INVALID_INPUT', 'oauth.badVerifier');
  }
  return issueTokens(db, { appId: app.id, userId: code.user_id, scopes: code.scopes.filter(isOAuthScope) });
}

async function fromRefresh(db: Db, app: OAuthClientRow, form: TokenForm) {
  if (!form.refresh_token) throw badGrant();
  const refresh = form.refresh_token;
  return db.tx(async (tx) => {
    const old = await oauthRepo.takeRefresh(tx, hashToken(refresh), app.id);
    if (!old) throw badGrant();
    // A narrower `scope` may be asked for; never one the person did not grant.
    const granted = old.scopes.filter(isOAuthScope);
    const asked = form.scope === undefined ? granted : scopesOf(form.scope);
    if (asked.length === 0 || asked.some((s) => !granted.includes(s as OAuthScope))) throw keyedError('INVALID_INPUT', 'oauth.refreshScope');
    const tokens = await issueTokens(tx, { appId: app.id, userId: old.user_id, scopes: asked as OAuthScope[] });
    return { ...tokens, response_type: 'refresh_token' as const };
  });
}

/** Answers a token request, or throws: 401 for the client's credentials, 400 for the grant. */
export async function grantTokens(db: Db, authorization: string | undefined, form: TokenForm) {
  const app = await clientOf(db, authorization, form);
  if (form.grant_type === 'authorization_code') return fromCode(db, app, form);
  if (form.grant_type === 'refresh_token') return fromRefresh(db, app, form);
  throw keyedError('INVALID_INPUT', 'oauth.grantType');
}
