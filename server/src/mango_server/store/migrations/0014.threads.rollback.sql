DROP INDEX IF EXISTS session_events_pending;
CREATE INDEX session_events_pending ON session_events (session_id, seq)
    WHERE processed_at IS NULL AND type IN ('user.message');
DELETE FROM sessions WHERE primary_session_id IS NOT NULL;
ALTER TABLE session_events DROP COLUMN session_thread_id;
DROP TABLE session_threads;
DROP INDEX IF EXISTS sessions_children;
ALTER TABLE sessions DROP COLUMN primary_thread_id;
ALTER TABLE sessions DROP COLUMN primary_session_id;
