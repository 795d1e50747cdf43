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
