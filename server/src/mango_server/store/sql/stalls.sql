-- name: workers_unavailable
-- Per Session ($1: the Sessions; null: every Session): its Work items that a worker could claim (queued, or a lease that expired) and have
-- waited at least $2 seconds, in Environments where no worker polled within $2 seconds, while one
-- of its Threads has a built-in call waiting for a worker (not for an approval).
WITH waiting AS (
    SELECT w.workspace_id, w.session_id, w.environment_id, w.id, w.created_at,
           CASE WHEN w.state = 'queued' THEN coalesce(w.claimed_at, w.created_at)
                ELSE coalesce(w.latest_heartbeat_at, w.acknowledged_at) + make_interval(secs => w.lease_ttl_seconds)
           END AS since
    FROM work w
    WHERE ($1::text[] IS NULL OR w.session_id = ANY($1::text[])) AND w.kind = 'session'
      AND w.state IN ('queued', 'starting', 'active')
      AND EXISTS (
          SELECT 1 FROM session_actions a
          WHERE a.kind = 'builtin' AND a.state IN ('pending', 'allowed') AND a.session_id IN (
              SELECT w.session_id UNION ALL SELECT id FROM sessions WHERE primary_session_id = w.session_id))
)
SELECT workspace_id, session_id, environment_id, array_agg(id ORDER BY created_at, id) AS work_ids, min(since) AS since
FROM waiting
WHERE since <= now() - make_interval(secs => $2)
  AND NOT EXISTS (
      SELECT 1 FROM work_pollers p
      WHERE p.environment_id = waiting.environment_id AND p.last_polled_at > now() - make_interval(secs => $2))
GROUP BY workspace_id, session_id, environment_id;

-- name: blocked_threads
-- Live child Threads of the listed Sessions that are idle on a stop reason someone must resolve.
SELECT t.session_id, t.id AS thread_id, x.stop_reason
FROM session_threads t JOIN sessions x ON x.id = t.execution_id
WHERE t.session_id = ANY($1::text[]) AND t.parent_thread_id IS NOT NULL AND t.archived_at IS NULL
  AND x.status = 'idle' AND x.stop_reason->>'type' IN ('requires_action', 'budget_reached', 'credential_failed')
ORDER BY t.session_id, t.created_at, t.id;
