-- name: active_turn
SELECT * FROM session_turns WHERE session_id = $1 AND state <> 'done';

-- name: active_or_next_trigger
-- The Session's active turn or, when it has none, its next trigger (``events.next_trigger``), in one
-- round trip: the turn's columns are prefixed ``turn_``, the trigger's are the event row's own.
SELECT t.trigger_id AS turn_trigger_id, t.state AS turn_state, t.round AS turn_round,
       t.attempt_errors AS turn_attempt_errors, e.*
FROM (SELECT) AS one
LEFT JOIN LATERAL (SELECT * FROM session_turns WHERE session_id = $1 AND state <> 'done') AS t ON true
LEFT JOIN LATERAL (
    SELECT * FROM session_events
    WHERE t.trigger_id IS NULL AND session_id = $1 AND processed_at IS NULL
      -- the trigger types of events.sql's next_trigger
      AND type IN ('user.message', 'user.define_outcome', 'span.outcome_evaluation_end', 'agent.thread_message_received')
    ORDER BY seq LIMIT 1
) AS e ON true;

-- name: insert_turn
-- Open a running turn at round 0 together with its first provider message, the trigger's blocks
-- at transcript position 0 (a re-run that writes that position again is a no-op).
WITH message AS (
    INSERT INTO provider_transcript (workspace_id, session_id, trigger_id, position, role, blocks, created_at)
    VALUES ($1, $2, $3, 0, 'user', $4::json, now())
    ON CONFLICT (session_id, trigger_id, position) DO NOTHING
)
INSERT INTO session_turns (workspace_id, session_id, trigger_id, state, round, created_at, updated_at)
VALUES ($1, $2, $3, 'running', 0, now(), now())
RETURNING *;

-- name: update_turn
UPDATE session_turns SET state = $3, round = $4, attempt_errors = $5, updated_at = now()
WHERE session_id = $1 AND trigger_id = $2;

-- name: lock_with_active_turn
-- A Session's own row and its active turn, both locked, in one round trip (the Session's row first,
-- the order every writer takes them in: the rowmarks are locked in the order FOR UPDATE names them).
-- No row when the Session has no active turn, is gone or is a child Thread's execution row. Locking
-- the turn row, not only joining it, is what keeps its columns current: a statement that waited for
-- the Session's lock re-reads every row it locks as the writer it waited for left it, while a row
-- it only joined would still be its snapshot's, taken before the wait.
SELECT s.*, t.trigger_id AS turn_trigger_id, t.state AS turn_state, t.round AS turn_round,
       t.attempt_errors AS turn_attempt_errors
FROM sessions s JOIN session_turns t ON t.session_id = s.id AND t.state <> 'done'
WHERE s.id = $1 AND s.primary_session_id IS NULL
FOR UPDATE OF s, t;
