import type { OAuthScope } from '@pinboard/shared/schemas/oauth';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { requireViewer, type RequestContext } from '../../lib/context';
import { newId } from '../../lib/ids';
import { hashToken, newToken, pooledRandomBytes } from '../../lib/tokens';
import { checkConsent, clientIdOf, redirectWith, type ConsentQuery } from './oauth-consent';
import { grantTokens, type TokenForm } from './oauth-grant';
import { bearerAccess, issueTokens } from './oauth-tokens';
import { mayManageApp } from './oauth.policy';
import { presentApp, presentConnectedApp } from './oauth.present';
import { oauthRepo } from './oauth.repo';

/**
 * A client secret: 24 random bytes, 32 URL-safe characters, so that `client_id:client_secret` stays within
 * 57 characters (a 19-digit id, the colon, 32), which the bash quick-start's base64 does not wrap.
 */
const newClientSecret = () => pooledRandomBytes(24).toString('base64url');

/** How long a consent's code may be traded for tokens. */
export const CODE_SECONDS = 600;

/** OAuth apps, consent and their tokens (decision 099). */
export function createOAuthService({ db }: { db: Db }) {
  /** An app `ctx`'s viewer may manage; anyone else's, like a missing one, is 404. */
  async function ownApp(ctx: RequestContext, clientId: string) {
    const viewer = requireViewer(ctx);
    const app = await oauthRepo.clientById(db, clientId);
    if (!app || !mayManageApp(viewer, app.owner_id)) throw notFound();
    return app;
  }

  async function consentOf(q: ConsentQuery) {
    const id = clientIdOf(q);
    return checkConsent(q, id === null ? null : await oauthRepo.clientById(db, id));
  }

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
      return { ...presentApp(row), client_secret: secret };
    },

    /** The viewer's own apps, newest first. */
    async myApps(ctx: RequestContext) {
      return (await oauthRepo.appsOf(db, requireViewer(ctx).id)).map(presentApp);
    },

    async getApp(ctx: RequestContext, clientId: string) {
      return presentApp(await ownApp(ctx, clientId));
    },

    async updateApp(ctx: RequestContext, change: { client_id: string; name?: string | undefined; redirect_uris?: string[] | undefined }) {
      await ownApp(ctx, change.client_id);
      const row = await oauthRepo.updateApp(db, change.client_id, { name: change.name, redirectUris: change.redirect_uris });
      if (!row) throw notFound();
      return presentApp(row);
    },

    /** Deletes an app: every token and code of it stops at once. */
    async deleteApp(ctx: RequestContext, clientId: string) {
      await ownApp(ctx, clientId);
      await oauthRepo.deleteApp(db, clientId);
      return { client_id: clientId };
    },

    /** A new secret for an app (shown this once); the old one stops working at once. Tokens already issued stay. */
    async rotateSecret(ctx: RequestContext, clientId: string) {
      await ownApp(ctx, clientId);
      const secret = newClientSecret();
      const row = await oauthRepo.setSecret(db, clientId, hashToken(secret));
      if (!row) throw notFound();
      return { ...presentApp(row), client_secret: secret };
    },

    /** What the consent page shows, or a 400 with a clear text (unknown client, unregistered redirect URI, unknown scope …). */
    async consent(q: ConsentQuery) {
      const c = await consentOf(q);
      return { client_id: c.app.id, name: c.app.name, redirect_uri: c.redirectUri, scopes: c.scopes };
    },

    /** The person's decision: with Allow a one-time code for the app; where to send the person back either way. */
    async decide(ctx: RequestContext, q: ConsentQuery & { allow: boolean }) {
      const viewer = requireViewer(ctx);
      const c = await consentOf(q);
      if (!q.allow)
        return {
          redirect_to: redirectWith(c.redirectUri, [
            ['error', 'access_denied'],
            ['state', c.state],
          ]),
        };
      const code = newToken();
      await oauthRepo.insertCode(db, {
        codeHash: hashToken(code),
        appId: c.app.id,
        userId: viewer.id,
        redirectUri: c.redirectUri,
        scopes: c.scopes,
        codeChallenge: c.codeChallenge,
        seconds: CODE_SECONDS,
      });
      return {
        redirect_to: redirectWith(c.redirectUri, [
          ['code', code],
          ['state', c.state],
        ]),
      };
    },

    /** The token endpoint: an authorization code or a refresh token traded for a new token pair. */
    token: (authorization: string | undefined, form: TokenForm) => grantTokens(db, authorization, form),

    /** The apps the viewer let act for them. */
    async connectedApps(ctx: RequestContext) {
      return (await oauthRepo.connectedApps(db, requireViewer(ctx).id)).map(presentConnectedApp);
    },

    /** Revokes an app for the viewer: its tokens stop at once. An app they never connected is 404. */
    async revoke(ctx: RequestContext, clientId: string) {
      if (!(await oauthRepo.revoke(db, requireViewer(ctx).id, clientId))) throw notFound();
      return { client_id: clientId };
    },

    /** A token pair for a grant already approved (the token endpoint's work once it has checked the code). */
    issueTokens: (grant: { appId: string; userId: string; scopes: OAuthScope[] }) => issueTokens(db, grant),

    /** The housekeeping's: expired codes and token pairs are forgotten (a person's connected apps list only live ones). */
    purgeExpired: () => oauthRepo.deleteExpired(db),

    /** Who an `Authorization` header's bearer token acts as, and within which scopes; null when it does not. */
    bearerAccess: (authorization: string | undefined) => bearerAccess(db, authorization),
  };
}

/** @public Named by the module's index for the API v5 paths. */
export type OAuthService = ReturnType<typeof createOAuthService>;
