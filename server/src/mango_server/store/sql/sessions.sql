-- name: insert_session
INSERT INTO sessions (workspace_id, id, title, status, agent_id, agent_version, agent_snapshot, environment_id,
                      metadata, resources, usage, created_at, updated_at, primary_thread_id, vault_ids)
VALUES ($1, $2, $3, 'idle', $4, $5, $6, $7, $8, $9, $10, $11, $11, $12, $13);

-- name: get_session
-- Child Thread execution rows (primary_session_id set) are never Sessions to clients.
SELECT workspace_id, id, title, status, stop_reason, agent_id, agent_version, agent_snapshot,
    environment_id, metadata, resources, usage, next_seq, created_at, updated_at, archived_at,
    deleting_at, active_seconds, running_since, budget, primary_session_id, primary_thread_id,
    outcome_evaluations, vault_ids
FROM sessions WHERE workspace_id = $1 AND id = $2 AND deleting_at IS NULL AND primary_session_id IS NULL;

-- name: lock_session
SELECT workspace_id, id, title, status, stop_reason, agent_id, agent_version, agent_snapshot,
    environment_id, metadata, resources, usage, next_seq, created_at, updated_at, archived_at,
    deleting_at, active_seconds, running_since, budget, primary_session_id, primary_thread_id,
    outcome_evaluations, vault_ids
FROM sessions WHERE workspace_id = $1 AND id = $2 AND deleting_at IS NULL AND primary_session_id IS NULL
FOR UPDATE;

-- name: lock_session_any
-- One round trip locks a child Thread's execution row together with its Session's row. Lock order
-- is always the Session's row before a child Thread's row (no deadlock between the coordinator's
-- and a child's transactions): the rows are sorted before they are locked (the Session's row,
-- ``id = $1`` false, first), and locking follows that order. A Session's own row comes alone.
-- ``primary_session_id`` never changes, so reading it unlocked is safe.
SELECT workspace_id, id, title, status, stop_reason, agent_id, agent_version, agent_snapshot,
    environment_id, metadata, resources, usage, next_seq, created_at, updated_at, archived_at,
    deleting_at, active_seconds, running_since, budget, primary_session_id, primary_thread_id,
    outcome_evaluations, vault_ids
FROM sessions
WHERE id = $1 OR id = (SELECT primary_session_id FROM sessions WHERE id = $1)
ORDER BY id = $1
FOR UPDATE;

-- name: update_fields
UPDATE sessions SET title = $3, metadata = $4, updated_at = $5 WHERE workspace_id = $1 AND id = $2;

-- name: set_status
-- The status projection's clock follows the rules of migration 0020 (``append_events`` applies them too).
UPDATE sessions SET status = $3, stop_reason = $4, updated_at = $5, usage = coalesce($6, usage),
    active_seconds = mango_active_seconds(active_seconds, running_since, $3, $5),
    running_since = mango_running_since(running_since, $3, $5)
WHERE workspace_id = $1 AND id = $2
RETURNING active_seconds, running_since;

-- name: set_budget
UPDATE sessions SET budget = $3, updated_at = $4 WHERE workspace_id = $1 AND id = $2;

-- name: set_vault_ids
UPDATE sessions SET vault_ids = $3, updated_at = $4 WHERE workspace_id = $1 AND id = $2;

-- name: write_usage
UPDATE sessions SET usage = $3, updated_at = $4 WHERE workspace_id = $1 AND id = $2;

-- name: archive_session
UPDATE sessions SET archived_at = coalesce(archived_at, $3), status = 'terminated', stop_reason = NULL, updated_at = $3,
    active_seconds = mango_active_seconds(active_seconds, running_since, 'terminated', $3),
    running_since = mango_running_since(running_since, 'terminated', $3)
WHERE workspace_id = $1 AND id = $2;

-- name: mark_deleting
UPDATE sessions SET deleting_at = $3 WHERE workspace_id = $1 AND id = $2;

-- name: delete_session
DELETE FROM sessions WHERE id = $1 AND deleting_at IS NOT NULL;

-- name: list_base
SELECT workspace_id, id, title, status, stop_reason, agent_id, agent_version, agent_snapshot,
    environment_id, metadata, resources, usage, next_seq, created_at, updated_at, archived_at,
    deleting_at, active_seconds, running_since, budget, primary_session_id, primary_thread_id,
    outcome_evaluations, vault_ids
FROM sessions WHERE workspace_id = $1 AND deleting_at IS NULL AND primary_session_id IS NULL

-- name: session_exists
SELECT 1 FROM sessions WHERE id = $1;

-- name: session_heads
-- The next event sequence of each Session that still exists (the SSE fan-out's one read per interval).
-- A child Thread's row reports its Session's counter (the sequence is Session-wide).
SELECT s.id, coalesce(p.next_seq, s.next_seq) AS next_seq
FROM sessions s LEFT JOIN sessions p ON p.id = s.primary_session_id WHERE s.id = ANY($1::text[]);

-- name: children_of
SELECT id FROM sessions WHERE primary_session_id = $1 ORDER BY id;

-- name: hold_session
-- Take (or renew) a Session's step hold for $2 seconds (``orchestration.holds``): appends that arm
-- its wakeup skip the arming until it ends. Only a Session's own row, and not once it is terminated
-- or being deleted; returns the row's next sequence number, or no row when the hold was not taken.
UPDATE sessions SET held_until = clock_timestamp() + make_interval(secs => $2::float8)
WHERE id = $1 AND primary_session_id IS NULL AND deleting_at IS NULL AND status <> 'terminated'
RETURNING next_seq;

-- name: release_session
-- End a Session's step hold: appends from here on arm its wakeup again. It waits for the row lock, so
-- every append that saw the hold has committed before it; returns the row's next sequence number
-- (no row when no hold was set).
UPDATE sessions SET held_until = NULL WHERE id = $1 AND held_until IS NOT NULL
RETURNING next_seq;
