ALTER TABLE sessions DROP COLUMN IF EXISTS running_since;
ALTER TABLE sessions DROP COLUMN IF EXISTS active_seconds;
