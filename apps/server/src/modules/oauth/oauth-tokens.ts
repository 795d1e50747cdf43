/**
 * Access and refresh tokens of OAuth apps (decision 099): random, handed out once, kept only as their SHA-256.
 * An access token lasts 30 days and a refresh token a year, as Pinterest's do.
 */
import { isOAuthScope, type OAuthScope } from '@pinboard/shared/schemas/oauth';
import type { Queryable } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { newId } from '../../lib/ids';
import { hashToken, newToken } from '../../lib/tokens';
import { oauthRepo, type TokenGrant } from './oauth.repo';

export const ACCESS_TOKEN_SECONDS = 30 * 24 * 3600;
export const REFRESH_TOKEN_SECONDS = 365 * 24 * 3600;

/** Tells our tokens apart in logs and secret scanners; what follows is 256 random bits. */
const ACCESS_PREFIX = 'pina_';
const REFRESH_PREFIX = 'pinr_';

/** What a bearer token lets its app do: act as `viewer` within `scopes`. */
export interface BearerAccess {
  viewer: Viewer;
  appId: string;
  scopes: ReadonlySet<OAuthScope>;
}

/** Makes and stores a token pair for a grant; answers the token endpoint's body. */
export async function issueTokens(db: Queryable, grant: TokenGrant) {
  const access = ACCESS_PREFIX + newToken();
  const refresh = REFRESH_PREFIX + newToken();
  await oauthRepo.insertTokens(db, {
    ...grant,
    id: newId(),
    accessHash: hashToken(access),
    refreshHash: hashToken(refresh),
    accessSeconds: ACCESS_TOKEN_SECONDS,
    refreshSeconds: REFRESH_TOKEN_SECONDS,
  });
  return {
    access_token: access,
    refresh_token: refresh,
    token_type: 'bearer' as const,
    expires_in: ACCESS_TOKEN_SECONDS,
    refresh_token_expires_in: REFRESH_TOKEN_SECONDS,
    scope: grant.scopes.join(','),
    response_type: 'authorization_code' as const,
  };
}

/** The access of an `Authorization: Bearer …` header's token, or null (no header, not bearer, unknown, expired, revoked, a person who may not sign in). */
export async function bearerAccess(db: Queryable, authorization: string | undefined): Promise<BearerAccess | null> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match) return null;
  const row = await oauthRepo.accessOf(db, hashToken(match[1]!));
  if (!row) return null;
  const { app_id, scopes, ...viewer } = row;
  return { viewer, appId: app_id, scopes: new Set(scopes.filter(isOAuthScope)) };
}
