-- Business access: people a business (a partner account) lets act for it, with
-- permissions. A business's own account holds OWNER on itself and has no row here.
CREATE TABLE business_access (
  business_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  permissions text[] NOT NULL
    CHECK (cardinality(permissions) BETWEEN 1 AND 4 AND permissions <@ ARRAY['OWNER', 'ADMIN', 'PROFILE_PUBLISHER', 'ANALYST']),
  granted_by bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (business_id, user_id),
  CHECK (business_id <> user_id)
);
CREATE INDEX business_access_user_idx ON business_access (user_id);

-- What a person did while acting as a business: who, as whom, what, when.
CREATE TABLE business_audit (
  id bigint PRIMARY KEY,
  business_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  actor_id bigint REFERENCES users (id) ON DELETE SET NULL,
  action text NOT NULL,
  target_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX business_audit_business_idx ON business_audit (business_id, created_at DESC);

-- Two-factor sign-in (TOTP, RFC 6238). enabled_at is null while enrolment waits
-- for its first code; last_step is the last accepted time step, never accepted again.
CREATE TABLE user_mfa (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  secret text NOT NULL,
  enabled_at timestamptz,
  last_step bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Recovery codes, stored hashed; each opens one sign-in.
CREATE TABLE mfa_recovery_codes (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (user_id, code_hash)
);
