-- name: append_events
-- One round trip for a whole append: reserve the sequence numbers on the Session row (whose lock
-- makes sequence order commit order) and insert the events in order. Returns the first sequence
-- number; no row when the Session is gone.
WITH reserved AS (
    UPDATE sessions SET next_seq = next_seq + cardinality($3::text[]) WHERE id = $2
    RETURNING next_seq - cardinality($3::text[]) AS first
), inserted AS (
    INSERT INTO session_events (workspace_id, session_id, seq, id, type, payload, trigger_id, processed_at, created_at)
    SELECT $1, $2, reserved.first + e.ord - 1, e.id, e.type, e.payload, e.trigger_id, e.processed_at, $8
    FROM reserved,
         unnest($3::text[], $4::text[], $5::jsonb[], $6::text[], $7::timestamptz[])
             WITH ORDINALITY AS e (id, type, payload, trigger_id, processed_at, ord)
    RETURNING seq
)
SELECT reserved.first, (SELECT count(*) FROM inserted) AS inserted FROM reserved;

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
