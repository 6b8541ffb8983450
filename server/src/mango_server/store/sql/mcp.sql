-- name: get_discovery
SELECT workspace_id, session_id, thread_key, server_name, config_digest, snapshot, failed_trigger_id,
    discovered_at, last_discovered_at, last_error, last_error_at
FROM mcp_discoveries WHERE session_id = $1 AND thread_key = $2 AND server_name = $3;

-- name: put_discovery
-- A pinned snapshot, or ($7 set) the marker of a failed discovery; health: a success is the last
-- discovery, a failure the last error ($8, its message).
INSERT INTO mcp_discoveries (workspace_id, session_id, thread_key, server_name, config_digest, snapshot,
                             failed_trigger_id, discovered_at, last_discovered_at, last_error, last_error_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, now(), CASE WHEN $7::text IS NULL THEN now() END, $8,
        CASE WHEN $7::text IS NOT NULL THEN now() END)
ON CONFLICT (session_id, thread_key, server_name) DO UPDATE
SET config_digest = EXCLUDED.config_digest, snapshot = EXCLUDED.snapshot,
    failed_trigger_id = EXCLUDED.failed_trigger_id, discovered_at = EXCLUDED.discovered_at,
    last_discovered_at = coalesce(EXCLUDED.last_discovered_at, mcp_discoveries.last_discovered_at),
    last_error = CASE WHEN EXCLUDED.failed_trigger_id IS NULL THEN mcp_discoveries.last_error ELSE EXCLUDED.last_error END,
    last_error_at = coalesce(EXCLUDED.last_error_at, mcp_discoveries.last_error_at);

-- name: note_error
-- The last error seen with a server, without touching its pinned snapshot (a row that holds only
-- an error has config_digest '', which matches no configuration).
INSERT INTO mcp_discoveries (workspace_id, session_id, thread_key, server_name, config_digest, snapshot,
                             discovered_at, last_error, last_error_at)
VALUES ($1, $2, $3, $4, '', '{}', now(), $5, now())
ON CONFLICT (session_id, thread_key, server_name) DO UPDATE
SET last_error = EXCLUDED.last_error, last_error_at = EXCLUDED.last_error_at;

-- name: insert_invocation
INSERT INTO mcp_invocations (workspace_id, session_id, event_id, server_name, tool_name, input, snapshot_digest,
                             state, evaluation, created_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now())
ON CONFLICT (session_id, event_id) DO NOTHING;

-- name: runnable_invocations
SELECT i.workspace_id, i.session_id, i.event_id, i.server_name, i.tool_name, i.input, i.snapshot_digest,
    i.state, i.evaluation, i.raw_result, i.receipt, i.file_id, i.created_at, i.started_at,
    i.finished_at FROM mcp_invocations i
JOIN session_actions a ON a.session_id = i.session_id AND a.event_id = i.event_id
WHERE i.session_id = $1 AND i.state IN ('allowed', 'started') AND a.state = 'allowed'
ORDER BY i.created_at, i.event_id;

-- name: lock_invocation
SELECT i.workspace_id, i.session_id, i.event_id, i.server_name, i.tool_name, i.input, i.snapshot_digest,
    i.state, i.evaluation, i.raw_result, i.receipt, i.file_id, i.created_at, i.started_at,
    i.finished_at FROM mcp_invocations i
JOIN session_actions a ON a.session_id = i.session_id AND a.event_id = i.event_id
WHERE i.session_id = $1 AND i.event_id = $2 AND a.state = 'allowed'
FOR UPDATE OF i;

-- name: get_invocation
SELECT workspace_id, session_id, event_id, server_name, tool_name, input, snapshot_digest, state,
    evaluation, raw_result, receipt, file_id, created_at, started_at, finished_at
FROM mcp_invocations WHERE session_id = $1 AND event_id = $2;

-- name: set_invocation_state
UPDATE mcp_invocations
SET state = $3,
    started_at = CASE WHEN $3 = 'started' THEN now() ELSE started_at END,
    finished_at = CASE WHEN $3 IN ('completed', 'ambiguous', 'denied', 'cancelled') THEN now() ELSE finished_at END,
    raw_result = COALESCE($4, raw_result)
WHERE session_id = $1 AND event_id = $2;

-- name: set_receipt
UPDATE mcp_invocations SET receipt = $3 WHERE session_id = $1 AND event_id = $2;

-- name: complete_publication
UPDATE mcp_invocations SET receipt = NULL, file_id = $3 WHERE session_id = $1 AND event_id = $2;

-- name: is_session_output
SELECT EXISTS (SELECT 1 FROM mcp_invocations WHERE session_id = $1 AND file_id = $2);

-- name: pinning_session
SELECT i.session_id FROM mcp_invocations i
JOIN sessions s ON s.workspace_id = i.workspace_id AND s.id = i.session_id
WHERE i.workspace_id = $1 AND i.file_id = $2 AND s.deleting_at IS NULL
LIMIT 1;

-- name: settle_interrupted
-- An interrupt or the Session's deletion closes the open calls: never sent -> cancelled; sent and
-- unanswered -> ambiguous (the outcome is unknown); answered but not yet published -> completed.
UPDATE mcp_invocations
SET state = CASE WHEN receipt IS NOT NULL THEN 'completed' WHEN state = 'started' THEN 'ambiguous' ELSE 'cancelled' END,
    receipt = NULL,
    finished_at = now()
WHERE session_id = $1 AND state IN ('prepared', 'awaiting_confirmation', 'allowed', 'started');

-- name: record_late_outcome
UPDATE mcp_invocations SET state = 'completed', raw_result = COALESCE($3, raw_result), finished_at = now()
WHERE session_id = $1 AND event_id = $2 AND state = 'ambiguous';
