-- Partner (business) profiles: contact details, the cover image and monthly
-- views; verified-merchant badges; Pins people marked as tried.
ALTER TABLE users ADD COLUMN contact_email text NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN contact_phone text NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN contact_phone_code text NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN enable_profile_message boolean NOT NULL DEFAULT true;
ALTER TABLE users ADD COLUMN enable_profile_address boolean NOT NULL DEFAULT false;
ALTER TABLE users ADD COLUMN profile_place text NOT NULL DEFAULT '';
-- The cover's stored variants (`images` of the image pipeline) and their media base.
ALTER TABLE users ADD COLUMN cover_images jsonb;
ALTER TABLE users ADD COLUMN cover_media_base text;
ALTER TABLE users ADD COLUMN cover_dominant_color text;
ALTER TABLE users ADD COLUMN is_identity_verified boolean NOT NULL DEFAULT false;
-- Claiming a website: the code its home page must carry in a p:domain_verify meta tag, and the address verified with it.
ALTER TABLE users ADD COLUMN website_verify_code text;
ALTER TABLE users ADD COLUMN website_verified_url text;
-- Inspirational badges a verified merchant shows (ids of the shared badge catalogue) and their colour.
ALTER TABLE users ADD COLUMN inspirational_badges text[] NOT NULL DEFAULT '{}';
ALTER TABLE users ADD COLUMN inspirational_badge_color text NOT NULL DEFAULT '#E60023';
CREATE INDEX users_cover_media_idx ON users (cover_media_base) WHERE cover_media_base IS NOT NULL;

-- Views of partner profiles by other people, counted per day; monthly views sum the last 30 days.
CREATE TABLE profile_view_days (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  day date NOT NULL,
  views int NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, day)
);

-- A person marked a Pin as tried (the profile's Tried tab).
CREATE TABLE pin_tries (
  id bigint PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  pin_id bigint NOT NULL REFERENCES pins (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, pin_id)
);
CREATE INDEX pin_tries_user_idx ON pin_tries (user_id, id DESC);
CREATE INDEX pin_tries_pin_idx ON pin_tries (pin_id);
