-- Web Push subscriptions (decision 088): one row per browser endpoint, which belongs to the person who
-- subscribed last from it. The keys are the browser's (RFC 8291: its P-256 public key and auth secret);
-- failure_count counts deliveries that failed after all their retries, reset by one that arrives.
CREATE TABLE push_subscriptions (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  endpoint text NOT NULL UNIQUE,
  p256dh text NOT NULL,
  auth text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  failure_count int NOT NULL DEFAULT 0
);
CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id, created_at);
