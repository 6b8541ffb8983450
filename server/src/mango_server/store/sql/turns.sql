-- name: active_turn
SELECT * FROM session_turns WHERE session_id = $1 AND state <> 'done';

-- name: insert_turn
INSERT INTO session_turns (workspace_id, session_id, trigger_id, state, round, created_at, updated_at)
VALUES ($1, $2, $3, 'running', 0, now(), now())
RETURNING *;

-- name: update_turn
UPDATE session_turns SET state = $3, round = $4, attempt_errors = $5, updated_at = now()
WHERE session_id = $1 AND trigger_id = $2;
