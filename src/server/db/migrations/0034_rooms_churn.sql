-- Issue 24 (realtime at 500 rooms): every round updates its room twice (opened, then the next
-- announced), and each update changes an indexed column, so none is a HOT update: each leaves a
-- dead row and an entry in every index of rooms.
-- rooms_playing_deadline_idx (0008) is rooms_due_idx (0004) again: one entry per update saved.
DROP INDEX IF EXISTS rooms_playing_deadline_idx;
-- Vacuum rooms once 5,000 rows are dead, not once a fifth of all rooms ever played are: the
-- round ticker's sweeps read the partial indexes of playing rooms, dead entries included.
ALTER TABLE rooms SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 5000,
  autovacuum_analyze_scale_factor = 0.05);
