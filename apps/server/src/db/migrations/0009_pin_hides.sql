-- Pins a person hid from their home feed. Hiding is per person and only
-- narrows what that person's home feed lists; the Pin itself is unchanged.
CREATE TABLE pin_hides (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  pin_id bigint NOT NULL REFERENCES pins (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, pin_id)
);
CREATE INDEX pin_hides_pin_idx ON pin_hides (pin_id);
