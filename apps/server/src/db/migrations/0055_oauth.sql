-- OAuth apps (decision 099): a person registers an app (its client id is the row's id, digits; only the
-- secret's SHA-256 is kept) with the redirect URIs it may use. A person's consent makes a one-time code
-- (kept hashed, bound to the app, the redirect URI, the person, the scopes and a PKCE challenge, good for
-- minutes), which the token endpoint trades for an access token and a refresh token (both kept hashed).
-- Revoking an app for a person deletes their tokens and codes at once.
-- The browser extension is a built-in public client (no owner, no secret: PKCE only), id 1, whose redirect
-- URIs are the extension's own (Chromium's chromiumapp.org address of its fixed id, Firefox's allizom.org one).
CREATE TABLE oauth_apps (
  id bigint PRIMARY KEY,
  owner_id bigint REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  redirect_uris text[] NOT NULL,
  -- NULL: a public client, which must use PKCE.
  secret_hash text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX oauth_apps_owner_idx ON oauth_apps (owner_id, id);
INSERT INTO oauth_apps (id, owner_id, name, redirect_uris, secret_hash) VALUES (
  1, NULL, 'Pinboard for your browser',
  ARRAY['https://jfelngbpbkcmpianliodejncglbfafjf.chromiumapp.org/', 'https://10d26dcf0be79996af5d6fb3cdd6d451c1a759d7.extensions.allizom.org/'],
  NULL
);

CREATE TABLE oauth_codes (
  code_hash text PRIMARY KEY,
  app_id bigint NOT NULL REFERENCES oauth_apps (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  redirect_uri text NOT NULL,
  scopes text[] NOT NULL,
  code_challenge text,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX oauth_codes_expires_idx ON oauth_codes (expires_at);
CREATE INDEX oauth_codes_grant_idx ON oauth_codes (user_id, app_id);

CREATE TABLE oauth_tokens (
  id bigint PRIMARY KEY,
  app_id bigint NOT NULL REFERENCES oauth_apps (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  access_hash text NOT NULL UNIQUE,
  refresh_hash text NOT NULL UNIQUE,
  scopes text[] NOT NULL,
  access_expires_at timestamptz NOT NULL,
  refresh_expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX oauth_tokens_grant_idx ON oauth_tokens (user_id, app_id);
CREATE INDEX oauth_tokens_app_idx ON oauth_tokens (app_id);
CREATE INDEX oauth_tokens_refresh_expires_idx ON oauth_tokens (refresh_expires_at);
