-- depends: 0021.tool_calls
-- Session deletion tears down the Session's sandbox through the work queue: the transaction that
-- removes a deleted Session's rows queues a ``session_teardown`` item (when a worker ever claimed
-- the Session's Work, so a workspace may exist). The worker that claims it removes the Session's
-- workspace and stops it; a worker that fails leaves it to be reclaimed and retried. The item
-- names the Session by ``teardown_session_id``, with no foreign key: it outlives the Session.
ALTER TABLE work DROP CONSTRAINT work_kind_check;
ALTER TABLE work ADD CONSTRAINT work_kind_check CHECK (kind IN ('session', 'healthcheck', 'session_teardown'));
ALTER TABLE work ADD COLUMN teardown_session_id text;
ALTER TABLE work ADD CONSTRAINT work_teardown_check CHECK ((kind = 'session_teardown') = (teardown_session_id IS NOT NULL));
-- One teardown per deleted Session, however often its deletion is resumed.
CREATE UNIQUE INDEX work_one_teardown_per_session ON work (teardown_session_id) WHERE kind = 'session_teardown';
