-- Offline question packs (issue 7): what grading a play of a pack version needs, kept per version
-- served, so a play made on the device is graded against the version it played
-- (submit_pack_play), whatever the questions table says by the time it is posted.
--
-- A row is named by a hash of what it holds (`key_hash`: the first 22 characters of the packs'
-- `version`; the rest of a version hashes the player's own part of the pack, such as results
-- and bookmark flags, which grading does not need). So every player whose pack has the same
-- questions and answers shares one row (scope_user_id 0), except where the content is one
-- player's: their bookmarks, and fun and learn when it has premium texts they unlocked (their id).
CREATE TABLE pack_versions (
  kind text NOT NULL CHECK (kind IN ('fun-and-learn', 'daily-quiz', 'bookmarks')),
  scope_user_id integer NOT NULL DEFAULT 0,
  language_id integer NOT NULL,
  key_hash text NOT NULL,
  -- unit → {ids, ...}: a text's id → its questions, category, subcategory and slug (fun and
  -- learn); a date → its questions (daily quiz); 'all' and each category type → questions (bookmarks).
  units jsonb NOT NULL,
  -- question id → answer and → question type, as play_sessions.answer_key / question_types keep them.
  answer_key jsonb NOT NULL,
  question_types jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Moved on (at most daily) while the version is still being served: housekeeping deletes the
  -- versions no one has been served for 60 days, longer than any device's queue keeps a play.
  served_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, scope_user_id, language_id, key_hash)
);
CREATE INDEX pack_versions_served_idx ON pack_versions (served_at);
