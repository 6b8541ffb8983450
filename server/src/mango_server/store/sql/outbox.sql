-- name: upsert_outbox
-- Arm the row and poke the relay in one round trip (the notification is delivered at commit).
WITH armed AS (
    INSERT INTO session_outbox (session_id, workspace_id, kind, created_at, attempts, next_attempt_at, traceparent)
    VALUES ($1, $2, $3, clock_timestamp(), 0, now(), $4)
    ON CONFLICT (session_id) DO UPDATE
    SET kind = CASE WHEN session_outbox.kind = 'wake' THEN EXCLUDED.kind
                    WHEN EXCLUDED.kind = 'delete' THEN 'delete' ELSE session_outbox.kind END,
        created_at = clock_timestamp(), attempts = 0, next_attempt_at = now(),
        traceparent = coalesce(EXCLUDED.traceparent, session_outbox.traceparent)
    RETURNING session_id
)
SELECT pg_notify('mango_outbox', session_id) FROM armed;

-- name: claim_due_outbox
-- Claim due rows for one delivery attempt. Rows another relay is claiming right now are skipped
-- (SKIP LOCKED), and a claimed row is hidden for $2 seconds (its claim lease), so two
-- orchestrators never deliver the same arming; a relay that dies mid-delivery loses its claim
-- when the lease ends. A re-arm (upsert_outbox) makes the row due again at once: new input.
UPDATE session_outbox AS o SET next_attempt_at = now() + make_interval(secs => $2)
FROM (SELECT session_id FROM session_outbox WHERE next_attempt_at <= now()
      ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED) AS due
WHERE o.session_id = due.session_id
RETURNING o.session_id, o.workspace_id, o.kind, o.created_at, o.attempts, o.traceparent;

-- name: ack_outbox
-- Remove delivered rows, each unless it was re-armed since it was read (a re-armed row has a newer
-- created_at). One statement for a whole delivered batch.
DELETE FROM session_outbox o
USING unnest($1::text[], $2::timestamptz[]) AS delivered (session_id, created_at)
WHERE o.session_id = delivered.session_id AND o.created_at = delivered.created_at;

-- name: retry_outbox
UPDATE session_outbox SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $3)
WHERE session_id = $1 AND created_at = $2;
