-- What a lifeline showed (issue 22 §15): the options 50/50 hid and the audience poll's shares are
-- drawn at random when it is used, so a session resumed after a reload shows the same ones again
-- instead of drawing (and charging for) new ones. '{}' for lifelines used before this column.
ALTER TABLE play_lifelines ADD COLUMN revealed jsonb NOT NULL DEFAULT '{}'::jsonb;
