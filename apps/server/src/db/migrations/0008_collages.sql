-- Collages (the product's "shuffles"): the owner's layout of Pin images on a
-- fixed canvas. A draft keeps a rendered preview (`images`, stored like a
-- Pin's variants under `media_base`); publishing makes a Pin (`pin_id`) and
-- ends the draft. Deleting that Pin deletes the published collage with it.
CREATE TABLE collages (
  id bigint PRIMARY KEY,
  owner_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  is_draft boolean NOT NULL DEFAULT true,
  -- Bottom layer first: [{pin_id, x, y, width, height, rotation}, …] in canvas pixels.
  layers jsonb NOT NULL,
  media_base text,
  images jsonb,
  dominant_color text,
  pin_id bigint REFERENCES pins (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  published_at timestamptz,
  CHECK (is_draft = (pin_id IS NULL))
);
CREATE INDEX collages_owner_idx ON collages (owner_id, is_draft, id DESC);
CREATE INDEX collages_media_idx ON collages (media_base) WHERE media_base IS NOT NULL;
