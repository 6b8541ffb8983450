-- name: active_turn
SELECT workspace_id, session_id, trigger_id, state, round, attempt_errors, created_at, updated_at
FROM session_turns WHERE session_id = $1 AND state <> 'done';

-- name: active_or_next_trigger
-- The Session's active turn or, when it has none, its next trigger (``events.next_trigger``), in one
-- round trip: the turn's columns are prefixed ``turn_``, the trigger event's ``trigger_`` (the layout
-- ``step_probe.sql`` ``lock_and_probe`` gives its Session's row).
SELECT t.trigger_id AS turn_trigger_id, t.state AS turn_state, t.round AS turn_round,
    t.attempt_errors AS turn_attempt_errors,
    e.seq AS trigger_seq, e.id AS trigger_id, e.type AS trigger_type, e.payload AS trigger_payload,
    e.trigger_id AS trigger_trigger_id, e.processed_at AS trigger_processed_at,
    e.created_at AS trigger_created_at, e.session_thread_id AS trigger_session_thread_id
FROM mango_active_turn($1) AS t
CROSS JOIN LATERAL mango_next_trigger(CASE WHEN t.trigger_id IS NULL THEN $1 END) AS e;

-- name: lock_session_with_active_turn
-- ``sessions.sql`` ``lock_session`` with the Session's active turn read after the lock
-- (``mango_active_turn``, migration 0019), its columns prefixed ``turn_``: the admission of client
-- events starts from both.
SELECT l.*, t.trigger_id AS turn_trigger_id, t.state AS turn_state, t.round AS turn_round,
    t.attempt_errors AS turn_attempt_errors
FROM (
    SELECT workspace_id, id, title, status, stop_reason, agent_id, agent_version, agent_snapshot,
        environment_id, metadata, resources, usage, next_seq, created_at, updated_at, archived_at,
        deleting_at, active_seconds, running_since, budget, primary_session_id, primary_thread_id,
        outcome_evaluations, vault_ids
    FROM sessions
    WHERE workspace_id = $1 AND id = $2 AND deleting_at IS NULL AND primary_session_id IS NULL
    FOR UPDATE
) AS l
CROSS JOIN LATERAL mango_active_turn(l.id) AS t;

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
RETURNING workspace_id, session_id, trigger_id, state, round, attempt_errors, created_at, updated_at;

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
SELECT s.workspace_id, s.id, s.title, s.status, s.stop_reason, s.agent_id, s.agent_version,
    s.agent_snapshot, s.environment_id, s.metadata, s.resources, s.usage, s.next_seq, s.created_at,
    s.updated_at, s.archived_at, s.deleting_at, s.active_seconds, s.running_since, s.budget,
    s.primary_session_id, s.primary_thread_id, s.outcome_evaluations, s.vault_ids,
    t.trigger_id AS turn_trigger_id, t.state AS turn_state, t.round AS turn_round,
    t.attempt_errors AS turn_attempt_errors
FROM sessions s JOIN session_turns t ON t.session_id = s.id AND t.state <> 'done'
WHERE s.id = $1 AND s.primary_session_id IS NULL
FOR UPDATE OF s, t;
