-- name: insert_thread
INSERT INTO session_threads (workspace_id, id, session_id, parent_thread_id, execution_id, agent_name, agent,
                             created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8);

-- name: insert_child_row
-- A child Thread's execution row: the Session's Environment and Resources, the roster member's
-- snapshot, its own status and usage.
INSERT INTO sessions (workspace_id, id, title, status, agent_id, agent_version, agent_snapshot, environment_id,
                      metadata, resources, usage, created_at, updated_at, primary_session_id)
SELECT workspace_id, $2, NULL, 'idle', $3, $4, $5, environment_id, '{}', resources, $6, $7, $7, id
FROM sessions WHERE id = $1;

-- name: thread_base
-- mcp_health: the Thread's MCP server health, one object per server (timestamps as epoch seconds).
SELECT t.workspace_id, t.id, t.session_id, t.parent_thread_id, t.execution_id, t.agent_name, t.agent,
       t.created_at, t.updated_at, t.archived_at, x.status, x.stop_reason, x.usage, x.active_seconds,
       x.running_since,
       coalesce((SELECT jsonb_agg(jsonb_build_object(
                    'server', d.server_name,
                    'discovered', extract(epoch FROM d.last_discovered_at),
                    'error', d.last_error,
                    'error_at', extract(epoch FROM d.last_error_at)) ORDER BY d.server_name)
                 FROM mcp_discoveries d WHERE d.session_id = t.execution_id), '[]') AS mcp_health
FROM session_threads t JOIN sessions x ON x.id = t.execution_id
WHERE t.workspace_id = $1 AND t.session_id = $2

-- name: archive_thread
UPDATE session_threads SET archived_at = coalesce(archived_at, $2), updated_at = $2 WHERE id = $1;

-- name: count_live_children
SELECT count(*) FROM session_threads t JOIN sessions x ON x.id = t.execution_id
WHERE t.session_id = $1 AND t.parent_thread_id IS NOT NULL AND t.archived_at IS NULL
  AND x.status IN ('running', 'rescheduling');

-- name: any_child_running
SELECT s.id FROM sessions s
WHERE s.id = ANY($1::text[]) AND EXISTS (
    SELECT 1 FROM sessions x WHERE x.primary_session_id = s.id AND x.status IN ('running', 'rescheduling'));

-- name: children_usage
SELECT primary_session_id AS session_id, usage FROM sessions WHERE primary_session_id = ANY($1::text[]);
