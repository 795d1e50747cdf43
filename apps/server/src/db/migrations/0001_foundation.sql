-- Users, sessions, boards, sections, Pins, saves, follows and blocks.
CREATE TABLE users (
  id bigint PRIMARY KEY,
  username text NOT NULL,
  email text NOT NULL,
  password_hash text NOT NULL,
  full_name text NOT NULL DEFAULT '',
  first_name text NOT NULL DEFAULT '',
  about text NOT NULL DEFAULT '',
  location text NOT NULL DEFAULT '',
  website_url text NOT NULL DEFAULT '',
  pronouns text[] NOT NULL DEFAULT '{}',
  image_url text,
  avatar_color_index int NOT NULL DEFAULT 0,
  locale text NOT NULL DEFAULT 'en-US',
  country text NOT NULL DEFAULT 'US',
  is_private_profile boolean NOT NULL DEFAULT false,
  is_partner boolean NOT NULL DEFAULT false,
  is_employee boolean NOT NULL DEFAULT false,
  is_verified_merchant boolean NOT NULL DEFAULT false,
  profile_views int NOT NULL DEFAULT -1,
  save_behavior int NOT NULL DEFAULT 1,
  metadata jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_username_key ON users (lower(username));
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE boards (
  id bigint PRIMARY KEY,
  owner_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  slug text NOT NULL,
  description text NOT NULL DEFAULT '',
  privacy text NOT NULL DEFAULT 'public' CHECK (privacy IN ('public', 'secret', 'protected')),
  category text NOT NULL DEFAULT 'other',
  cover_pin_id bigint,
  is_collaborative boolean NOT NULL DEFAULT false,
  collab_board_email boolean NOT NULL DEFAULT true,
  collaborator_invites_enabled boolean NOT NULL DEFAULT false,
  allow_homefeed_recommendations boolean NOT NULL DEFAULT true,
  pin_count int NOT NULL DEFAULT 0,
  section_count int NOT NULL DEFAULT 0,
  archived_at timestamptz,
  deleted_at timestamptz,
  last_pinned_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX boards_owner_slug_key ON boards (owner_id, slug) WHERE deleted_at IS NULL;
CREATE INDEX boards_owner_idx ON boards (owner_id, id DESC);

CREATE TABLE board_collaborators (
  board_id bigint NOT NULL REFERENCES boards (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (board_id, user_id)
);
CREATE INDEX board_collaborators_user_idx ON board_collaborators (user_id);

CREATE TABLE board_sections (
  id bigint PRIMARY KEY,
  board_id bigint NOT NULL REFERENCES boards (id) ON DELETE CASCADE,
  title text NOT NULL,
  slug text NOT NULL,
  position int NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX board_sections_board_idx ON board_sections (board_id, position);

-- A Pin row is one save of an image: the first save is the original
-- (parent_pin_id NULL); saves of it point at the Pin they were saved from and
-- share its media. board_id NULL means saved to the profile (boardless).
CREATE TABLE pins (
  id bigint PRIMARY KEY,
  pinner_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  board_id bigint REFERENCES boards (id) ON DELETE CASCADE,
  section_id bigint REFERENCES board_sections (id) ON DELETE SET NULL,
  parent_pin_id bigint REFERENCES pins (id) ON DELETE SET NULL,
  title text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  link text NOT NULL DEFAULT '',
  alt_text text NOT NULL DEFAULT '',
  method text NOT NULL DEFAULT 'uploaded',
  media_base text NOT NULL,
  images jsonb NOT NULL,
  dominant_color text NOT NULL,
  width int NOT NULL,
  height int NOT NULL,
  repin_count int NOT NULL DEFAULT 0,
  comment_count int NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pins_board_idx ON pins (board_id, id DESC);
CREATE INDEX pins_section_idx ON pins (section_id, id DESC) WHERE section_id IS NOT NULL;
CREATE INDEX pins_pinner_idx ON pins (pinner_id, id DESC);
CREATE INDEX pins_media_idx ON pins (media_base);
CREATE INDEX pins_feed_idx ON pins (id DESC);

CREATE TABLE follows (
  follower_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  followee_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (follower_id, followee_id),
  CHECK (follower_id <> followee_id)
);
CREATE INDEX follows_followee_idx ON follows (followee_id);

CREATE TABLE board_follows (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  board_id bigint NOT NULL REFERENCES boards (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, board_id)
);

CREATE TABLE blocks (
  blocker_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  blocked_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (blocker_id, blocked_id),
  CHECK (blocker_id <> blocked_id)
);
CREATE INDEX blocks_blocked_idx ON blocks (blocked_id);
