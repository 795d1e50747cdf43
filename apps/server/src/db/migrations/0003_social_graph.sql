-- Profiles and the social graph: invite codes for private profiles, reports,
-- conversations and messages, and full-text search.
ALTER TABLE users ADD COLUMN invite_code text;
ALTER TABLE users ADD COLUMN instagram_username text;
ALTER TABLE users ADD COLUMN is_ads_only_profile boolean NOT NULL DEFAULT false;
ALTER TABLE users ADD COLUMN ads_only_profile_site text;
ALTER TABLE users ADD COLUMN allow_messages boolean NOT NULL DEFAULT true;
CREATE UNIQUE INDEX users_invite_code_key ON users (invite_code) WHERE invite_code IS NOT NULL;

CREATE TABLE user_reports (
  id bigint PRIMARY KEY,
  reporter_id bigint REFERENCES users (id) ON DELETE SET NULL,
  reported_id bigint REFERENCES users (id) ON DELETE CASCADE,
  reported_url text,
  reason text NOT NULL,
  details text NOT NULL DEFAULT '',
  law text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_reports_reported_idx ON user_reports (reported_id);

CREATE TABLE conversations (
  id bigint PRIMARY KEY,
  created_by bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_message_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE conversation_members (
  conversation_id bigint NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  last_read_at timestamptz,
  PRIMARY KEY (conversation_id, user_id)
);
CREATE INDEX conversation_members_user_idx ON conversation_members (user_id);

CREATE TABLE messages (
  id bigint PRIMARY KEY,
  conversation_id bigint NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  sender_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  text text NOT NULL,
  pin_id bigint REFERENCES pins (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX messages_conversation_idx ON messages (conversation_id, id DESC);

ALTER TABLE pins ADD COLUMN search tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple', coalesce(title, '')), 'A') || setweight(to_tsvector('simple', coalesce(description, '')), 'B')
) STORED;
CREATE INDEX pins_search_idx ON pins USING gin (search);
ALTER TABLE boards ADD COLUMN search tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple', coalesce(name, '')), 'A') || setweight(to_tsvector('simple', coalesce(description, '')), 'B')
) STORED;
CREATE INDEX boards_search_idx ON boards USING gin (search);
ALTER TABLE users ADD COLUMN search tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple', coalesce(username, '')), 'A') || setweight(to_tsvector('simple', coalesce(full_name, '')), 'A')
    || setweight(to_tsvector('simple', coalesce(about, '')), 'C')
) STORED;
CREATE INDEX users_search_idx ON users USING gin (search);
