-- Leaderboards: each player's score per period ('d:YYYY-MM-DD', 'm:YYYY-MM' in the configured
-- timezone, 'g' for all time), written by the server's grading in the same transaction as the
-- score itself. A per-period histogram of scores in buckets (lb_bucket, mirrored by
-- src/core/rules/leaderboard.ts scoreBucket) is kept in step by a trigger, so a player's rank is
-- 1 + the counts of the buckets above + the higher scores inside the player's own bucket.
-- The battle bot (firebase_id 'bot:1') never gets a row.
CREATE TABLE lb_scores (
  period text NOT NULL,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  score bigint NOT NULL CHECK (score > 0),
  PRIMARY KEY (period, user_id)
);
CREATE INDEX lb_scores_rank_idx ON lb_scores (period, score DESC, user_id);

CREATE TABLE lb_buckets (
  period text NOT NULL,
  bucket integer NOT NULL,
  n bigint NOT NULL CHECK (n >= 0),
  PRIMARY KEY (period, bucket)
);

-- Exact below 256, then 256 buckets per power of two.
CREATE FUNCTION lb_bucket(s bigint) RETURNS integer LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN s < 256 THEN s::integer ELSE (e - 7) * 256 + (s >> (e - 8))::integer - 256 END
  FROM (SELECT 64 - position('1' in s::bit(64)::text) AS e) x
$$;

-- Backfill the all-time board from the scores so far.
INSERT INTO lb_scores (period, user_id, score)
  SELECT 'g', id, score FROM users WHERE score > 0 AND firebase_id <> 'bot:1';
INSERT INTO lb_buckets (period, bucket, n)
  SELECT period, lb_bucket(score), count(*) FROM lb_scores GROUP BY 1, 2;

-- Every change of a period score (new, raised, deleted with its player) moves the histogram in
-- the same transaction. Deferred to commit: the few bucket rows many players share (a new day's
-- low scores) stay locked only while the transaction commits, not while the rest of the grading
-- runs. A player's scores only rise, so one grading locks its buckets in ascending order.
CREATE FUNCTION lb_scores_histogram() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.period = OLD.period AND lb_bucket(NEW.score) = lb_bucket(OLD.score) THEN
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE lb_buckets SET n = n - 1 WHERE period = OLD.period AND bucket = lb_bucket(OLD.score);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO lb_buckets (period, bucket, n) VALUES (NEW.period, lb_bucket(NEW.score), 1)
      ON CONFLICT (period, bucket) DO UPDATE SET n = lb_buckets.n + 1;
  END IF;
  RETURN NULL;
END
$$;
CREATE CONSTRAINT TRIGGER lb_scores_histogram AFTER INSERT OR UPDATE OR DELETE ON lb_scores
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION lb_scores_histogram();
