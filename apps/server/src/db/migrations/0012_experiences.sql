-- Experiences (education tooltips and pulsars) a person completed or
-- dismissed. The catalogue of experiences lives in code
-- (modules/experiences/experiences.catalogue.ts); a row here only records
-- one person's answer to one of them, so it is never shown to them again.
CREATE TABLE user_experiences (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  experience_id int NOT NULL,
  placement_id int NOT NULL,
  status text NOT NULL CHECK (status IN ('completed', 'dismissed')),
  at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, experience_id)
);
