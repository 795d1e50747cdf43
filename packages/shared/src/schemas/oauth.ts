import { z } from 'zod';
import { zId } from './common';

/**
 * OAuth apps and the scopes of Pinterest's API v5 that this server grants (decision 099). A token carries a
 * set of them; each v5 path names the scope it needs.
 */
export const OAUTH_SCOPES = [
  'user_accounts:read',
  'boards:read',
  'boards:read_secret',
  'boards:write',
  'boards:write_secret',
  'pins:read',
  'pins:read_secret',
  'pins:write',
  'pins:write_secret',
] as const;

export type OAuthScope = (typeof OAUTH_SCOPES)[number];

export const isOAuthScope = (value: string): value is OAuthScope => (OAUTH_SCOPES as readonly string[]).includes(value);

/**
 * The browser extension (apps/extension) is a built-in public client of every server (migration 0055): it
 * signs in with PKCE and no secret. Its Chromium id is fixed by the public key in its manifest, its Firefox id
 * by its gecko id; each browser's identity API redirects to the address derived from that id.
 */
export const EXTENSION_CLIENT = {
  clientId: '1',
  geckoId: 'save@pinboard.example',
  chromiumId: 'jfelngbpbkcmpianliodejncglbfafjf',
  /** The manifest's `key`: the public key (DER, base64) whose SHA-256 makes the Chromium id above. */
  manifestKey:
    'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA01VM+tet/wGZN7yRKN2I6poa6pmIkkiW0febViy0i0z6ICZtmDiB5Rv8nI1qwHe16p71TVUUt/nKS63x/8F0QydzUcjGtH1cBvibd57JgLYbKIdDyHWAzNXlSvPuOqviHCyx/pNttSuhh20iozB8ssbVXXM4YNYhcD3R+lJ4oFwBEBWHXqjRhh/srLJDJnAW7lYgs4DLbGxuYQhHEIgHUuIn/ELxlg6mRIzHAqkTLLXaX9m1LZfyQr2LU2KZvPC5UUNWbHaUCDbDvWirKjcQbYjuUsCGrRxdEXGFG1Di73qyzfMK+HxZkLgOe61q6nDqV61IQ9rCWun8PUja70hGDQIDAQAB',
  redirectUris: ['https://jfelngbpbkcmpianliodejncglbfafjf.chromiumapp.org/', 'https://10d26dcf0be79996af5d6fb3cdd6d451c1a759d7.extensions.allizom.org/'],
} as const;

/** The scopes of a request: Pinterest's clients separate them by commas; spaces (RFC 6749) are read too. */
export const scopesOf = (value: string | undefined): string[] => [...new Set((value ?? '').split(/[\s,]+/).filter(Boolean))];

/**
 * A redirect URI an app may register: an absolute https address without a fragment, or http on this computer
 * (localhost, 127.0.0.1, [::1]) for a developer's own machine. The consent page matches it exactly, as written.
 */
const zRedirectUri = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .refine((value) => {
    try {
      const url = new URL(value);
      if (url.hash || value.includes('#')) return false;
      if (url.protocol === 'https:') return true;
      return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
    } catch {
      return false;
    }
  }, 'Enter an https address (or http on localhost) without a #fragment.');

const appFields = {
  name: z.string().trim().min(1, 'Give your app a name.').max(100, 'Please enter no more than 100 characters.'),
  redirect_uris: z.array(zRedirectUri).min(1, 'Add at least one redirect URI.').max(10, 'An app has at most 10 redirect URIs.'),
};

/** OAuthAppResource.create */
export const zCreateOAuthApp = z.strictObject(appFields);
/** OAuthAppResource.get, delete; OAuthAppSecretResource.create (a new secret); OAuthConnectedAppResource.delete */
export const zOAuthAppRef = z.strictObject({ client_id: zId });
/** OAuthAppResource.update */
export const zUpdateOAuthApp = z.strictObject({ client_id: zId, name: appFields.name.optional(), redirect_uris: appFields.redirect_uris.optional() });

/** An app as its owner sees it. */
export const zOAuthAppOut = z.strictObject({
  client_id: z.string(),
  name: z.string(),
  redirect_uris: z.array(z.string()),
  created_at: z.string(),
});
/** A new app, or an app with a new secret: the secret is shown this once. */
export const zOAuthAppSecretOut = z.strictObject({ ...zOAuthAppOut.shape, client_secret: z.string() });
export const zOAuthAppDeletedOut = z.strictObject({ client_id: z.string() });

/** An app a person let act for them, with the scopes they granted (OAuthConnectedAppResource.get). */
export const zConnectedAppOut = z.strictObject({
  client_id: z.string(),
  name: z.string(),
  scopes: z.array(z.string()),
  connected_at: z.string(),
});

const zParam = z.string().max(2000).optional();

/**
 * The consent page's query parameters as received (OAuthConsentResource get and create): `consumer_id` is a
 * synonym of `client_id`; parameters it does not know are ignored (not strict on purpose).
 */
const consentFields = {
  client_id: zParam,
  consumer_id: zParam,
  redirect_uri: zParam,
  response_type: zParam,
  scope: zParam,
  state: zParam,
  code_challenge: zParam,
  code_challenge_method: zParam,
};
export const zOAuthConsentRequest = z.object(consentFields);
export const zOAuthConsentDecision = z.object({ ...consentFields, allow: z.boolean() });

/** What the consent page shows: the app, where it goes back to, the scopes asked for. */
export const zOAuthConsentOut = z.strictObject({
  client_id: z.string(),
  name: z.string(),
  redirect_uri: z.string(),
  scopes: z.array(z.enum(OAUTH_SCOPES)),
});
export const zOAuthConsentDecisionOut = z.strictObject({ redirect_to: z.string() });
