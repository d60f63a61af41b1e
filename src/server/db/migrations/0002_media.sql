-- Uploaded media (profile images now; question media later), kept in the database so every
-- node of a cluster serves the same files.
CREATE TABLE media (
  id uuid PRIMARY KEY,
  owner_id integer REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  content_type text NOT NULL,
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX media_owner_idx ON media (owner_id, kind);
