-- transactional: false
DROP INDEX CONCURRENTLY IF EXISTS session_events_pending;
CREATE INDEX CONCURRENTLY session_events_pending ON session_events (session_id, seq)
    WHERE processed_at IS NULL AND type IN ('user.message', 'agent.thread_message_received');
DROP INDEX CONCURRENTLY IF EXISTS session_events_triggers;
