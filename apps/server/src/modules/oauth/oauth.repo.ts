import type { Queryable } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { maySignInSql } from '../users';

export interface OAuthAppRow {
  id: string;
  owner_id: string | null;
  name: string;
  redirect_uris: string[];
  created_at: Date;
}

export interface TokenGrant {
  appId: string;
  userId: string;
  scopes: string[];
}

/** OAuth apps, codes and tokens (decision 099); secrets, codes and tokens only as their SHA-256. */
export const oauthRepo = {
  async insertApp(db: Queryable, app: { id: string; ownerId: string; name: string; redirectUris: string[]; secretHash: string }) {
    const [row] = await db.query<OAuthAppRow>(
      `INSERT INTO oauth_apps (id, owner_id, name, redirect_uris, secret_hash) VALUES ($1, $2, $3, $4, $5)
       RETURNING id, owner_id, name, redirect_uris, created_at`,
      [app.id, app.ownerId, app.name, app.redirectUris, app.secretHash],
    );
    return row!;
  },

  async insertTokens(
    db: Queryable,
    grant: TokenGrant & { id: string; accessHash: string; refreshHash: string; accessSeconds: number; refreshSeconds: number },
  ) {
    await db.query(
      `INSERT INTO oauth_tokens (id, app_id, user_id, access_hash, refresh_hash, scopes, access_expires_at, refresh_expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7), now() + make_interval(secs => $8))`,
      [grant.id, grant.appId, grant.userId, grant.accessHash, grant.refreshHash, grant.scopes, grant.accessSeconds, grant.refreshSeconds],
    );
  },

  /** The person (who may still sign in), app and scopes of a live access token. */
  async accessOf(db: Queryable, accessHash: string) {
    const [row] = await db.query<Viewer & { app_id: string; scopes: string[] }>(
      `SELECT u.id, u.username, u.country, u.locale, t.app_id, t.scopes
       FROM oauth_tokens t JOIN users u ON u.id = t.user_id
       WHERE t.access_hash = $1 AND t.access_expires_at > now() AND ${maySignInSql('u')}`,
      [accessHash],
    );
    return row ?? null;
  },
};
