-- Video Pins (docs/product/api-contract.md §8): a Pin made from an uploaded video exists at
-- once with video_status 'processing'; a transcode job makes its renditions
-- and sets 'ready' (with `video`: the renditions, size and duration) or
-- 'failed' (with a reason). Image Pins keep video_status NULL.
ALTER TABLE pins
  ADD COLUMN video_status text CHECK (video_status IN ('processing', 'ready', 'failed')),
  ADD COLUMN video jsonb,
  ADD COLUMN video_error text,
  ADD COLUMN story_pin_data jsonb,
  -- Media a Pin uses besides media_base (an idea Pin's pages): the media
  -- policy lets whoever may see the Pin see these too.
  ADD COLUMN extra_media_bases text[];

CREATE INDEX pins_extra_media_idx ON pins USING gin (extra_media_bases) WHERE extra_media_bases IS NOT NULL;
CREATE INDEX pins_video_idx ON pins (pinner_id, id DESC) WHERE video_status IS NOT NULL;
CREATE INDEX pins_story_idx ON pins (pinner_id, id DESC) WHERE story_pin_data IS NOT NULL;

-- Media uploaded for an idea Pin's pages before it is published: its
-- uploader's alone until a published idea Pin takes it (the row goes, the
-- files stay with the Pin); unused ones are removed by the hourly job.
CREATE TABLE story_media (
  id bigint PRIMARY KEY,
  owner_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  media_base text NOT NULL UNIQUE,
  images jsonb NOT NULL,
  dominant_color text NOT NULL,
  width int NOT NULL,
  height int NOT NULL,
  video_status text CHECK (video_status IN ('processing', 'ready', 'failed')),
  video jsonb,
  video_error text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX story_media_owner_idx ON story_media (owner_id, id DESC);
CREATE INDEX story_media_age_idx ON story_media (created_at);

-- The transcode queue. A row is a job for one video (a Pin's, or an idea
-- Pin page's upload): claimed by setting locked_until (a lease past the
-- job's time limit), so a job whose server died is claimed again once its
-- lease ends; made in the same transaction as what it transcodes for and
-- removed with it, so no job outlives its Pin and no Pin waits on no job.
CREATE TABLE video_jobs (
  media_base text PRIMARY KEY,
  pin_id bigint REFERENCES pins (id) ON DELETE CASCADE,
  story_media_id bigint REFERENCES story_media (id) ON DELETE CASCADE,
  source_key text NOT NULL,
  attempts int NOT NULL DEFAULT 0,
  locked_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((pin_id IS NULL) <> (story_media_id IS NULL))
);
CREATE INDEX video_jobs_due_idx ON video_jobs (created_at);
CREATE INDEX video_jobs_pin_idx ON video_jobs (pin_id) WHERE pin_id IS NOT NULL;
CREATE INDEX video_jobs_story_media_idx ON video_jobs (story_media_id) WHERE story_media_id IS NOT NULL;

CREATE TRIGGER pins_media_visibility_extra AFTER UPDATE OF extra_media_bases ON pins
  FOR EACH STATEMENT EXECUTE FUNCTION notify_media_visibility();
