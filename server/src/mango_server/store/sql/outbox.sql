-- name: upsert_outbox
INSERT INTO session_outbox (session_id, workspace_id, kind, created_at, attempts, next_attempt_at, traceparent)
VALUES ($1, $2, $3, clock_timestamp(), 0, now(), $4)
ON CONFLICT (session_id) DO UPDATE
SET kind = CASE WHEN session_outbox.kind = 'wake' THEN EXCLUDED.kind
                WHEN EXCLUDED.kind = 'delete' THEN 'delete' ELSE session_outbox.kind END,
    created_at = clock_timestamp(), attempts = 0, next_attempt_at = now(),
    traceparent = coalesce(EXCLUDED.traceparent, session_outbox.traceparent);

-- name: notify_outbox
SELECT pg_notify('mango_outbox', $1);

-- name: due_outbox
SELECT session_id, workspace_id, kind, created_at, attempts, traceparent FROM session_outbox
WHERE next_attempt_at <= now() ORDER BY next_attempt_at LIMIT $1;

-- name: ack_outbox
DELETE FROM session_outbox WHERE session_id = $1 AND created_at = $2;

-- name: retry_outbox
UPDATE session_outbox SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $3)
WHERE session_id = $1 AND created_at = $2;
