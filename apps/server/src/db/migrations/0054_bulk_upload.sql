-- Bulk upload (decision 098): each image of a batch is a draft Pin of its uploader's, made when its
-- resumable upload (tus) is created. It is `uploading` until the last byte arrives, `processing` while
-- the queue's job makes its sizes, then `ready` (its image stored like a Pin's under `media_base`),
-- `failed` (with the reason's key) or `duplicate` (the same bytes as an earlier draft of the batch,
-- `duplicate_of`). Publishing the batch makes a Pin of each ready draft and deletes the draft, and deletes the duplicates it reports; drafts
-- never published are purged by the housekeeping after a week. Only their owner ever sees them.
CREATE TABLE pin_drafts (
  id bigint PRIMARY KEY,
  owner_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  batch_id text NOT NULL,
  -- The tus upload's id; kept until the job has read its bytes.
  upload_id text UNIQUE,
  file_name text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'uploading' CHECK (status IN ('uploading', 'processing', 'ready', 'failed', 'duplicate')),
  failure text,
  sha256 text,
  -- The earlier draft with the same bytes (no reference: that one is deleted when it is published).
  duplicate_of bigint,
  title text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  link text NOT NULL DEFAULT '',
  media_base text,
  images jsonb,
  dominant_color text,
  width int,
  height int,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pin_drafts_batch_idx ON pin_drafts (owner_id, batch_id, id);
CREATE INDEX pin_drafts_sha_idx ON pin_drafts (owner_id, batch_id, sha256) WHERE sha256 IS NOT NULL;
CREATE INDEX pin_drafts_media_idx ON pin_drafts (media_base) WHERE media_base IS NOT NULL;
CREATE INDEX pin_drafts_updated_idx ON pin_drafts (updated_at);
