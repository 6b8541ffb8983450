-- name: allocate_seq
UPDATE sessions SET next_seq = next_seq + $2 WHERE id = $1 RETURNING next_seq - $2 AS first;

-- name: insert_event
INSERT INTO session_events (workspace_id, session_id, seq, id, type, payload, trigger_id, processed_at, created_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9);

-- name: event_exists
SELECT 1 FROM session_events WHERE id = $1;

-- name: find_event
SELECT * FROM session_events WHERE session_id = $1 AND id = $2;

-- name: events_after
SELECT * FROM session_events WHERE session_id = $1 AND seq > $2 ORDER BY seq LIMIT $3;

-- name: list_base
SELECT * FROM session_events WHERE workspace_id = $1 AND session_id = $2

-- name: next_trigger
-- Turn triggers: user messages, outcome definitions and the grader's needs-revision feedback.
SELECT * FROM session_events
WHERE session_id = $1 AND processed_at IS NULL
  AND type IN ('user.message', 'user.define_outcome', 'span.outcome_evaluation_end')
ORDER BY seq LIMIT 1;

-- name: mark_processed
UPDATE session_events SET processed_at = $2 WHERE id = ANY($1::text[]) AND processed_at IS NULL;

-- name: queued_inputs
SELECT id FROM session_events WHERE session_id = $1 AND processed_at IS NULL
  AND type IN ('user.message', 'user.define_outcome', 'span.outcome_evaluation_end');
