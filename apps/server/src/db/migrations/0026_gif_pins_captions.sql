-- GIF Pins and captions (decision 044).
--
-- embed_type 'gif': a Pin made from an animated GIF. It goes through the
-- video queue (video_status processing → ready) but is played inline, muted
-- and looping, and is not one of the person's video Pins (the video_pins tab).
ALTER TABLE pins
  ADD COLUMN embed_type text CHECK (embed_type IN ('gif')),
  -- A video Pin's WebVTT captions: {key, language, bytes}; its file shares the
  -- Pin's media base, so the one media rule serves it to whoever may see the Pin.
  ADD COLUMN captions jsonb;

-- What a job makes: the renditions of a video, or a GIF's short looping MP4.
ALTER TABLE video_jobs
  ADD COLUMN kind text NOT NULL DEFAULT 'video' CHECK (kind IN ('video', 'gif'));

-- The video_pins tab and video_pin_count read this.
DROP INDEX IF EXISTS pins_video_idx;
CREATE INDEX pins_video_idx ON pins (pinner_id, id DESC) WHERE video_status IS NOT NULL AND embed_type IS NULL;
