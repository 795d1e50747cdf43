-- Email verification. Accounts that exist before this (and the demo accounts
-- the seed makes) count as verified: the column defaults to true and sign-up
-- inserts new accounts as unverified.
ALTER TABLE users ADD COLUMN email_verified boolean NOT NULL DEFAULT true;

-- One row per verification link sent. Only the token's SHA-256 is stored, so a
-- leaked table verifies nobody. `email` is the address the link was sent to;
-- `used_at` is set on every link of the account once one of them verified it.
CREATE TABLE email_verification_tokens (
  token_hash text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_verification_tokens_user_idx ON email_verification_tokens (user_id);
