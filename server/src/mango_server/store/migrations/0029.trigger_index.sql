-- depends: 0028.retention
-- transactional: false
-- The index of a Session's queued turn triggers covers every trigger type. ``session_events_pending``
-- covered two of the four types the turn engine's statements ask for (``mango_next_trigger``,
-- ``append_answer`` and ``queued_inputs`` name 'user.message', 'user.define_outcome',
-- 'span.outcome_evaluation_end' and 'agent.thread_message_received'), so PostgreSQL could not use it
-- and scanned every event of the Session each round: work that grew with the Session's length. Built
-- concurrently (outside a transaction), so the roles of the running release keep appending while it
-- builds; an interrupted build leaves an invalid index that a re-run drops and builds again.
DROP INDEX CONCURRENTLY IF EXISTS session_events_triggers;
CREATE INDEX CONCURRENTLY session_events_triggers ON session_events (session_id, seq)
    WHERE processed_at IS NULL
      AND type IN ('user.message', 'user.define_outcome', 'span.outcome_evaluation_end', 'agent.thread_message_received');
DROP INDEX CONCURRENTLY IF EXISTS session_events_pending;
