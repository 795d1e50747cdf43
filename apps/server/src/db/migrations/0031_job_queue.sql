-- The transcode queue moves to the job queue (pg-boss, in its own schema,
-- made by the migrator after these files: decision 053). A transcode still
-- waiting in the old table is not carried over: its Pin (or idea Pin page)
-- shows 'failed' with the retry its pinner already has, and its upload is
-- kept for that retry.
UPDATE pins SET video_status = 'failed', video_error = 'Processing this video stopped. Try again.'
  WHERE id IN (SELECT pin_id FROM video_jobs WHERE pin_id IS NOT NULL) AND video_status = 'processing';
UPDATE story_media SET video_status = 'failed', video_error = 'Processing this video stopped. Try again.'
  WHERE id IN (SELECT story_media_id FROM video_jobs WHERE story_media_id IS NOT NULL) AND video_status = 'processing';
DROP TABLE video_jobs;
