-- Logged-out entry (docs/product/logged-out-and-business.md §4, §7; decision 040).
-- Staff see the sign-ups-by-channel page. The column may already be there
-- (it is in 0001, and another migration adds it the same way): either order applies.
ALTER TABLE users ADD COLUMN IF NOT EXISTS is_employee boolean NOT NULL DEFAULT false;

-- One row per landing of a signed-out visitor: how they came (channel,
-- referrer kind, page kind, site), the invite code when the address had one,
-- and the account they made, if they signed up. The browser holds the
-- landing's token in an HttpOnly cookie; only its hash is kept. No address,
-- no user agent, no full referrer.
CREATE TABLE entry_landings (
  id bigint PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  channel text NOT NULL,
  referrer text NOT NULL,
  page_kind text NOT NULL,
  site smallint NOT NULL,
  invite_code text,
  -- Who shared the link the visitor came by (its social tracking id, decrypted).
  shared_by bigint REFERENCES users (id) ON DELETE SET NULL,
  user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  signed_up_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX entry_landings_user_key ON entry_landings (user_id) WHERE user_id IS NOT NULL;
CREATE INDEX entry_landings_signed_up ON entry_landings (signed_up_at) WHERE signed_up_at IS NOT NULL;

-- Logged-out upsell events, counted per day, event, page kind and site:
-- nothing about who did them.
CREATE TABLE unauth_event_counts (
  day date NOT NULL,
  event text NOT NULL,
  page_kind text NOT NULL,
  site smallint NOT NULL,
  count bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (day, event, page_kind, site)
);
