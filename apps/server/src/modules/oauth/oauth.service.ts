import type { OAuthScope } from '@pinboard/shared/schemas/oauth';
import type { Db } from '../../db/client';
import { newId } from '../../lib/ids';
import { hashToken, pooledRandomBytes } from '../../lib/tokens';
import { bearerAccess, issueTokens } from './oauth-tokens';
import { oauthRepo } from './oauth.repo';

/**
 * A client secret: 24 random bytes, 32 URL-safe characters, so that `client_id:client_secret` stays within
 * 57 characters (a 19-digit id, the colon, 32), which the bash quick-start's base64 does not wrap.
 */
const newClientSecret = () => pooledRandomBytes(24).toString('base64url');

/** OAuth apps and their tokens (decision 099). */
export function createOAuthService({ db }: { db: Db }) {
  return {
    /** Registers an app of `ownerId`'s; answers its client id and its secret (shown this once). */
    async registerApp(ownerId: string, app: { name: string; redirect_uris: string[] }) {
      const secret = newClientSecret();
      const row = await oauthRepo.insertApp(db, {
        id: newId(),
        ownerId,
        name: app.name,
        redirectUris: app.redirect_uris,
        secretHash: hashToken(secret),
      });
      return { client_id: row.id, client_secret: secret };
    },

    /** A token pair for a grant already approved (the token endpoint's work once it has checked the code). */
    issueTokens: (grant: { appId: string; userId: string; scopes: OAuthScope[] }) => issueTokens(db, grant),

    /** Who an `Authorization` header's bearer token acts as, and within which scopes; null when it does not. */
    bearerAccess: (authorization: string | undefined) => bearerAccess(db, authorization),
  };
}

export type OAuthService = ReturnType<typeof createOAuthService>;
