import { zCreateOAuthApp, zOAuthAppRef, zOAuthConsentDecision, zOAuthConsentRequest, zUpdateOAuthApp } from '@pinboard/shared/schemas/oauth';
import { zNoOptions } from '@pinboard/shared/schemas/common';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import { action, type ResourceRegistry } from '../../lib/resources';
import { contextOf } from '../../plugins/session';
import type { Services } from '../../services';
import type { TokenForm } from './oauth-grant';

/** Pinterest's token endpoint (decision 099). */
const TOKEN_PATH = '/v5/oauth/token';

export function registerOAuthResources(registry: ResourceRegistry, s: Pick<Services, 'oauth'>) {
  registry.add({
    name: 'OAuthAppResource',
    description: 'Your OAuth apps for the API v5: register one (its client id and secret, shown once), read, change, delete.',
    actions: {
      get: action({ summary: 'Read one of your apps', options: zOAuthAppRef, auth: 'required', handler: (ctx, o) => s.oauth.getApp(ctx, o.client_id) }),
      create: action({
        summary: 'Register an app',
        options: zCreateOAuthApp,
        auth: 'required',
        handler: (ctx, o) => s.oauth.registerApp(ctx.viewer!.id, o),
      }),
      update: action({
        summary: "Change an app's name or redirect URIs",
        options: zUpdateOAuthApp,
        auth: 'required',
        handler: (ctx, o) => s.oauth.updateApp(ctx, o),
      }),
      delete: action({
        summary: 'Delete an app (its tokens stop at once)',
        options: zOAuthAppRef,
        auth: 'required',
        handler: (ctx, o) => s.oauth.deleteApp(ctx, o.client_id),
      }),
    },
  });
  registry.add({
    name: 'OAuthAppsResource',
    description: 'The OAuth apps you registered, newest first.',
    actions: { get: action({ summary: 'List your apps', options: zNoOptions, auth: 'required', handler: (ctx) => s.oauth.myApps(ctx) }) },
  });
  registry.add({
    name: 'OAuthAppSecretResource',
    description: 'A new client secret for one of your apps (shown once); the old one stops working at once.',
    actions: {
      create: action({
        summary: 'Rotate the client secret',
        options: zOAuthAppRef,
        auth: 'required',
        handler: (ctx, o) => s.oauth.rotateSecret(ctx, o.client_id),
      }),
    },
  });
  registry.add({
    name: 'OAuthConsentResource',
    description: "The consent page's request (its query as received) and the person's decision, which answers where to go back to.",
    actions: {
      // Signed in only: the page sends a signed-out visitor to log in first, and so no signed-out read is kept (decision 074).
      get: action({ summary: 'Check a consent request', options: zOAuthConsentRequest, auth: 'required', handler: (_ctx, o) => s.oauth.consent(o) }),
      create: action({ summary: 'Allow or deny an app', options: zOAuthConsentDecision, auth: 'required', handler: (ctx, o) => s.oauth.decide(ctx, o) }),
    },
  });
  registry.add({
    name: 'OAuthConnectedAppResource',
    description: 'The apps you let act for you, and revoking one (its tokens stop at once).',
    actions: {
      get: action({ summary: 'List connected apps', options: zNoOptions, auth: 'required', handler: (ctx) => s.oauth.connectedApps(ctx) }),
      delete: action({ summary: 'Revoke an app', options: zOAuthAppRef, auth: 'required', handler: (ctx, o) => s.oauth.revoke(ctx, o.client_id) }),
    },
  });
}

/** The last value of each field of a form body. */
const formOf = (body: unknown): TokenForm => (typeof body === 'string' ? Object.fromEntries(new URLSearchParams(body)) : {});

/**
 * POST /v5/oauth/token: a form body, HTTP Basic client authentication, no cookie and no CSRF token (a client's
 * server calls it). Answers are Pinterest's: the token pair, or `{ code, message }` with 400, 401 or 429.
 */
export function registerOAuthRoutes(app: FastifyInstance, s: Pick<Services, 'oauth' | 'limits'>) {
  return app.register(async (scoped) => {
    scoped.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8192 }, (_req, body, done) => done(null, body));
    scoped.setErrorHandler((err, _req, reply) => {
      const known = err instanceof AppError;
      const status = known ? err.httpStatus : ((err as { statusCode?: number }).statusCode ?? 500);
      if (known && err.headers) reply.headers(err.headers);
      const message = known ? err.message : status < 500 ? 'The request could not be understood.' : 'Something went wrong on our side.';
      return reply
        .status(status)
        .header('cache-control', 'no-store')
        .send({ code: known ? err.code : status < 500 ? 1000 : 1099, message });
    });
    scoped.post(TOKEN_PATH, { config: { cookieless: true } }, async (req, reply) => {
      await s.limits.take('oauth_token', contextOf(req));
      const tokens = await s.oauth.token(req.headers.authorization, formOf(req.body));
      return reply.header('cache-control', 'no-store').send(tokens);
    });
  });
}
