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

/** An app with its secret's hash (null: a public client), for the consent page and the token endpoint. */
export interface OAuthClientRow extends OAuthAppRow {
  secret_hash: string | null;
}

export interface OAuthCodeRow {
  app_id: string;
  user_id: string;
  redirect_uri: string;
  scopes: string[];
  code_challenge: string | null;
  expired: boolean;
}

export interface ConnectedAppRow {
  app_id: string;
  name: string;
  scopes: string[];
  connected_at: Date;
}

const APP_COLUMNS = 'id, owner_id, name, redirect_uris, created_at';

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

  /** An app by id, with its secret's hash; null when there is none. */
  async clientById(db: Queryable, id: string) {
    const [row] = await db.query<OAuthClientRow>(`SELECT ${APP_COLUMNS}, secret_hash FROM oauth_apps WHERE id = $1`, [id]);
    return row ?? null;
  },

  /** The apps a person registered, newest first. */
  async appsOf(db: Queryable, ownerId: string) {
    return db.query<OAuthAppRow>(`SELECT ${APP_COLUMNS} FROM oauth_apps WHERE owner_id = $1 ORDER BY id DESC`, [ownerId]);
  },

  async updateApp(db: Queryable, id: string, change: { name?: string | undefined; redirectUris?: string[] | undefined }) {
    const [row] = await db.query<OAuthAppRow>(
      `UPDATE oauth_apps SET name = COALESCE($2, name), redirect_uris = COALESCE($3, redirect_uris), updated_at = now()
       WHERE id = $1 RETURNING ${APP_COLUMNS}`,
      [id, change.name ?? null, change.redirectUris ?? null],
    );
    return row ?? null;
  },

  async setSecret(db: Queryable, id: string, secretHash: string) {
    const [row] = await db.query<OAuthAppRow>(`UPDATE oauth_apps SET secret_hash = $2, updated_at = now() WHERE id = $1 RETURNING ${APP_COLUMNS}`, [
      id,
      secretHash,
    ]);
    return row ?? null;
  },

  /** Deletes an app; its codes and tokens go with it (ON DELETE CASCADE). */
  async deleteApp(db: Queryable, id: string) {
    await db.query('DELETE FROM oauth_apps WHERE id = $1', [id]);
  },

  async insertCode(
    db: Queryable,
    code: { codeHash: string; appId: string; userId: string; redirectUri: string; scopes: string[]; codeChallenge: string | null; seconds: number },
  ) {
    await db.query(
      `INSERT INTO oauth_codes (code_hash, app_id, user_id, redirect_uri, scopes, code_challenge, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7))`,
      [code.codeHash, code.appId, code.userId, code.redirectUri, code.scopes, code.codeChallenge, code.seconds],
    );
  },

  /**
   * Marks a code used and answers what it was made for; null when it is unknown or was used before (one
   * statement: two requests with the same code cannot both have it). An expired code is answered with `expired`.
   */
  async useCode(db: Queryable, codeHash: string) {
    const [row] = await db.query<OAuthCodeRow>(
      `UPDATE oauth_codes SET used_at = now() WHERE code_hash = $1 AND used_at IS NULL
       RETURNING app_id, user_id, redirect_uri, scopes, code_challenge, expires_at <= now() AS expired`,
      [codeHash],
    );
    return row ?? null;
  },

  /** Takes a live refresh token's grant away (its row is deleted: the access token beside it stops at once). */
  async takeRefresh(db: Queryable, refreshHash: string, appId: string) {
    const [row] = await db.query<{ user_id: string; scopes: string[] }>(
      `DELETE FROM oauth_tokens WHERE refresh_hash = $1 AND app_id = $2 AND refresh_expires_at > now() RETURNING user_id, scopes`,
      [refreshHash, appId],
    );
    return row ?? null;
  },

  /** The apps a person let act for them (a live token), with the scopes granted, the first connection first. */
  async connectedApps(db: Queryable, userId: string) {
    return db.query<ConnectedAppRow>(
      `SELECT a.id AS app_id, a.name, g.scopes, g.connected_at
       FROM (SELECT t.app_id, array_agg(DISTINCT s ORDER BY s) AS scopes, min(t.created_at) AS connected_at
             FROM oauth_tokens t CROSS JOIN LATERAL unnest(t.scopes) AS s
             WHERE t.user_id = $1 AND t.refresh_expires_at > now() GROUP BY t.app_id) AS g
       JOIN oauth_apps a ON a.id = g.app_id
       ORDER BY g.connected_at DESC, a.id DESC`,
      [userId],
    );
  },

  /** Revokes an app for a person: their tokens and unused codes of it are deleted; answers whether there were any tokens. */
  async revoke(db: Queryable, userId: string, appId: string) {
    await db.query('DELETE FROM oauth_codes WHERE user_id = $1 AND app_id = $2', [userId, appId]);
    const rows = await db.query('DELETE FROM oauth_tokens WHERE user_id = $1 AND app_id = $2 RETURNING id', [userId, appId]);
    return rows.length > 0;
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

  /** The housekeeping's: codes past their expiry (used or not) and token pairs whose refresh token has expired; answers how many went. */
  async deleteExpired(db: Queryable) {
    const codes = await db.query('DELETE FROM oauth_codes WHERE expires_at < now() RETURNING 1');
    const tokens = await db.query('DELETE FROM oauth_tokens WHERE refresh_expires_at < now() RETURNING 1');
    return codes.length + tokens.length;
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
