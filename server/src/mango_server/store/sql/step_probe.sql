-- name: step_probe
-- What a Session's next step has to do before its round, in one round trip: whether MCP calls are
-- runnable (``mcp.runnable_invocations`` has rows), whether platform-managed calls are allowed
-- (``actions.allowed_of_kind`` with kind ``managed`` has rows) and whether the pinned Agent snapshot
-- declares an MCP toolset at all (a superset of ``domain.mcp.toolsets``; the snapshot never changes),
-- and whether the Session has an active outcome to grade when the step leaves it idle.
SELECT
    EXISTS (
        SELECT 1 FROM mcp_invocations i
        JOIN session_actions a ON a.session_id = i.session_id AND a.event_id = i.event_id
        WHERE i.session_id = $1 AND i.state IN ('allowed', 'started') AND a.state = 'allowed'
    ) AS mcp_calls,
    EXISTS (
        SELECT 1 FROM session_actions WHERE session_id = $1 AND kind = 'managed' AND state = 'allowed'
    ) AS managed_calls,
    coalesce(
        (SELECT agent_snapshot -> 'tools' @> '[{"type": "mcp_toolset"}]'::jsonb FROM sessions WHERE id = $1), false
    ) AS mcp_toolsets,
    EXISTS (SELECT 1 FROM session_outcomes WHERE session_id = $1 AND state = 'active') AS active_outcome;
