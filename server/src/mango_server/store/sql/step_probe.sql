-- name: lock_and_probe
-- The first statement of a step's prepare transaction: the Session's row locked exactly as
-- ``sessions.lock_session_any`` locks it (a child Thread's execution row after its Session's row),
-- each row carrying the probe of what the step has to do before its round (``probe_*`` columns,
-- about the row ``id = $1``): whether MCP calls are runnable (``mcp.runnable_invocations`` has
-- rows), whether platform-managed calls are allowed (``actions.allowed_of_kind`` with kind
-- ``managed`` has rows), whether the pinned Agent snapshot declares an MCP toolset at all (a
-- superset of ``domain.mcp.toolsets``; the snapshot never changes) and whether the Session has an
-- active outcome to grade when the step leaves it idle. The probe reads the statement's snapshot,
-- taken before any wait for the lock: like any read before the lock, it only tells what to skip.
-- The row ``id = $1`` also carries what ``turns.sql`` ``active_or_next_trigger`` reads, read after
-- the lock (``mango_active_turn`` and ``mango_next_trigger``, migration 0019): its active turn
-- (``turn_*``) or, when it has none, its next trigger (``trigger_*``, the event row's columns).
SELECT l.*,
    t.trigger_id AS turn_trigger_id, t.state AS turn_state, t.round AS turn_round,
    t.attempt_errors AS turn_attempt_errors,
    e.seq AS trigger_seq, e.id AS trigger_id, e.type AS trigger_type, e.payload AS trigger_payload,
    e.trigger_id AS trigger_trigger_id, e.processed_at AS trigger_processed_at,
    e.created_at AS trigger_created_at, e.session_thread_id AS trigger_session_thread_id
FROM (
SELECT s.workspace_id, s.id, s.title, s.status, s.stop_reason, s.agent_id, s.agent_version,
    s.agent_snapshot, s.environment_id, s.metadata, s.resources, s.usage, s.next_seq, s.created_at,
    s.updated_at, s.archived_at, s.deleting_at, s.active_seconds, s.running_since, s.budget,
    s.primary_session_id, s.primary_thread_id, s.outcome_evaluations, s.vault_ids,
    EXISTS (
        SELECT 1 FROM mcp_invocations i
        JOIN session_actions a ON a.session_id = i.session_id AND a.event_id = i.event_id
        WHERE i.session_id = $1 AND i.state IN ('allowed', 'started') AND a.state = 'allowed'
    ) AS probe_mcp_calls,
    EXISTS (
        SELECT 1 FROM session_actions WHERE session_id = $1 AND kind = 'managed' AND state = 'allowed'
    ) AS probe_managed_calls,
    coalesce(s.agent_snapshot -> 'tools' @> '[{"type": "mcp_toolset"}]'::jsonb, false) AS probe_mcp_toolsets,
    EXISTS (SELECT 1 FROM session_outcomes WHERE session_id = $1 AND state = 'active') AS probe_active_outcome
FROM sessions s
WHERE s.id = $1 OR s.id = (SELECT primary_session_id FROM sessions WHERE id = $1)
ORDER BY s.id = $1
FOR UPDATE OF s
) AS l
CROSS JOIN LATERAL mango_active_turn(CASE WHEN l.id = $1 THEN l.id END) AS t
CROSS JOIN LATERAL mango_next_trigger(CASE WHEN l.id = $1 AND t.trigger_id IS NULL THEN l.id END) AS e;
