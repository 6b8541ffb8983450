-- name: allocate_seq
-- A child Thread's execution row takes its numbers from its Session's row: one Session-wide order.
UPDATE sessions SET next_seq = next_seq + $2
WHERE id = (SELECT coalesce(primary_session_id, id) FROM sessions WHERE id = $1)
RETURNING next_seq - $2 AS first;

-- name: insert_event
-- Without an explicit Thread ($10) the event belongs to the Thread the execution row runs.
INSERT INTO session_events (workspace_id, session_id, seq, id, type, payload, trigger_id, processed_at, created_at,
                            session_thread_id)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9,
        coalesce($10, (SELECT coalesce(primary_thread_id, id) FROM sessions WHERE id = $2)))
RETURNING session_thread_id;

-- name: event_exists
SELECT 1 FROM session_events WHERE id = $1;

-- name: find_event
SELECT * FROM session_events WHERE session_id = $1 AND id = $2;

-- name: events_after
SELECT * FROM session_events WHERE session_id = $1 AND seq > $2 ORDER BY seq LIMIT $3;

-- name: list_base
SELECT * FROM session_events WHERE workspace_id = $1 AND session_id = $2

-- name: next_trigger
SELECT * FROM session_events
WHERE session_id = $1 AND processed_at IS NULL AND type IN ('user.message', 'agent.thread_message_received')
ORDER BY seq LIMIT 1;

-- name: mark_processed
UPDATE session_events SET processed_at = $2 WHERE id = ANY($1::text[]) AND processed_at IS NULL;

-- name: queued_inputs
SELECT id FROM session_events
WHERE session_id = $1 AND processed_at IS NULL AND type IN ('user.message', 'agent.thread_message_received');
