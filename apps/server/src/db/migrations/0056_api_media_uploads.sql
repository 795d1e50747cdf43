-- Pinterest API v5 media uploads (decision 100): `POST /v5/media` registers an upload for its person and
-- answers an address and form fields to send the file to (the upload token among them, kept only as its
-- SHA-256); the upload stores the file and probes it (processing), which succeeds or fails; a video Pin
-- (`media_source.video_id`) is then made from it by the one creation pipeline, and the stored upload goes.
CREATE TABLE api_media_uploads (
  id bigint PRIMARY KEY,
  owner_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  media_type text NOT NULL DEFAULT 'video' CHECK (media_type IN ('video')),
  upload_hash text NOT NULL UNIQUE,
  status text NOT NULL DEFAULT 'registered' CHECK (status IN ('registered', 'processing', 'succeeded', 'failed')),
  -- The uploaded file in the media store (a `.src` key, never served) until a Pin is made from it.
  source_key text,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX api_media_uploads_owner_idx ON api_media_uploads (owner_id, id);
