DROP INDEX work_one_teardown_per_session;
DELETE FROM work WHERE kind = 'session_teardown';
ALTER TABLE work DROP CONSTRAINT work_teardown_check;
ALTER TABLE work DROP COLUMN teardown_session_id;
ALTER TABLE work DROP CONSTRAINT work_kind_check;
ALTER TABLE work ADD CONSTRAINT work_kind_check CHECK (kind IN ('session', 'healthcheck'));
