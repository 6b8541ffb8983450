-- depends: 0004.memory
-- Session timing: running time accumulates whenever the status leaves `running`.
ALTER TABLE sessions ADD COLUMN active_seconds double precision NOT NULL DEFAULT 0;
ALTER TABLE sessions ADD COLUMN running_since timestamptz;
