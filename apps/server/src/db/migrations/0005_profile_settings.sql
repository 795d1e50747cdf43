-- Profile settings and the owner's Pin filters: Pins their owner marked as a
-- favourite (the Favorites filter of the own profile). Only the Pin's own
-- pinner may mark it, so a row's user is always the Pin's pinner.
CREATE TABLE pin_favorites (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  pin_id bigint NOT NULL REFERENCES pins (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, pin_id)
);
CREATE INDEX pin_favorites_pin_idx ON pin_favorites (pin_id);

-- The owner's created-only list (Pins they made, not saves) walks pinner and id.
CREATE INDEX pins_created_idx ON pins (pinner_id, id DESC) WHERE parent_pin_id IS NULL;
