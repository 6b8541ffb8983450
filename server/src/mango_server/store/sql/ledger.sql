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
SELECT * FROM session_events
WHERE session_id = $1 AND processed_at IS NULL AND type = 'user.message' ORDER BY seq LIMIT 1;

-- name: mark_processed
UPDATE session_events SET processed_at = $2 WHERE id = ANY($1::text[]) AND processed_at IS NULL;

-- name: queued_inputs
SELECT id FROM session_events WHERE session_id = $1 AND processed_at IS NULL AND type = 'user.message';

-- name: upsert_outbox
INSERT INTO session_outbox (session_id, workspace_id, kind, created_at, attempts, next_attempt_at)
VALUES ($1, $2, $3, clock_timestamp(), 0, now())
ON CONFLICT (session_id) DO UPDATE
SET kind = CASE WHEN session_outbox.kind = 'wake' THEN EXCLUDED.kind
                WHEN EXCLUDED.kind = 'delete' THEN 'delete' ELSE session_outbox.kind END,
    created_at = clock_timestamp(), attempts = 0, next_attempt_at = now();

-- name: notify_outbox
SELECT pg_notify('mango_outbox', $1);

-- name: due_outbox
SELECT session_id, workspace_id, kind, created_at, attempts FROM session_outbox
WHERE next_attempt_at <= now() ORDER BY next_attempt_at LIMIT $1;

-- name: ack_outbox
DELETE FROM session_outbox WHERE session_id = $1 AND created_at = $2;

-- name: retry_outbox
UPDATE session_outbox SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $3)
WHERE session_id = $1 AND created_at = $2;

-- name: active_turn
SELECT * FROM session_turns WHERE session_id = $1 AND state <> 'done';

-- name: insert_turn
INSERT INTO session_turns (workspace_id, session_id, trigger_id, state, round, created_at, updated_at)
VALUES ($1, $2, $3, 'running', 0, now(), now());

-- name: update_turn
UPDATE session_turns SET state = $3, round = $4, attempt_errors = $5, updated_at = now()
WHERE session_id = $1 AND trigger_id = $2;

-- name: insert_transcript
INSERT INTO provider_transcript (workspace_id, session_id, trigger_id, position, role, blocks, created_at)
VALUES ($1, $2, $3, $4, $5, $6, now())
ON CONFLICT (session_id, trigger_id, position) DO NOTHING;

-- name: transcript_for_context
SELECT t.trigger_id, t.position, t.role, t.blocks
FROM provider_transcript t JOIN session_events e ON e.id = t.trigger_id
WHERE t.session_id = $1 AND (e.processed_at IS NOT NULL OR t.trigger_id = $2)
ORDER BY e.seq, t.position;

-- name: next_position
SELECT coalesce(max(position) + 1, 0) FROM provider_transcript WHERE session_id = $1 AND trigger_id = $2;

-- name: insert_action
INSERT INTO session_actions (workspace_id, session_id, event_id, trigger_id, round, kind, provider_tool_use_id,
                             name, state, created_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now());

-- name: actions_for_round
SELECT * FROM session_actions WHERE session_id = $1 AND trigger_id = $2 AND round = $3 ORDER BY created_at, event_id;

-- name: get_action
SELECT * FROM session_actions WHERE session_id = $1 AND event_id = $2 FOR UPDATE;

-- name: resolve_action
UPDATE session_actions SET state = $3, result_event_id = $4 WHERE session_id = $1 AND event_id = $2;

-- name: cancel_open_actions
UPDATE session_actions SET state = 'cancelled'
WHERE session_id = $1 AND state IN ('pending', 'awaiting_confirmation', 'allowed');
