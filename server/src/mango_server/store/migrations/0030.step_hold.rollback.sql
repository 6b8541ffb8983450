ALTER TABLE sessions DROP COLUMN held_until;
