-- name: get_policy
SELECT workspace_id, archived_sessions_days, request_bodies_days, deployment_runs_days, updated_at
FROM workspace_retention WHERE workspace_id = $1;

-- name: set_policy
INSERT INTO workspace_retention
    (workspace_id, archived_sessions_days, request_bodies_days, deployment_runs_days, updated_at)
VALUES ($1, $2, $3, $4, now())
ON CONFLICT (workspace_id) DO UPDATE SET
    archived_sessions_days = excluded.archived_sessions_days,
    request_bodies_days = excluded.request_bodies_days,
    deployment_runs_days = excluded.deployment_runs_days,
    updated_at = excluded.updated_at
RETURNING workspace_id, archived_sessions_days, request_bodies_days, deployment_runs_days, updated_at;

-- name: list_policies
-- Every Workspace with its policy (NULL columns: kept forever).
SELECT w.id AS workspace_id, w.name, r.archived_sessions_days, r.request_bodies_days, r.deployment_runs_days
FROM workspaces w LEFT JOIN workspace_retention r ON r.workspace_id = w.id ORDER BY w.created_at, w.id;

-- name: active_policies
SELECT workspace_id, archived_sessions_days, request_bodies_days, deployment_runs_days, updated_at
FROM workspace_retention
WHERE archived_sessions_days IS NOT NULL OR request_bodies_days IS NOT NULL OR deployment_runs_days IS NOT NULL
ORDER BY workspace_id;

-- name: archived_batch
-- Primary Sessions archived before $2, oldest first, locked for their fencing (a Session another
-- transaction holds, such as one being deleted through the API, is left to the next pass).
SELECT id FROM sessions
WHERE workspace_id = $1 AND archived_at IS NOT NULL AND archived_at < $2 AND deleting_at IS NULL
  AND primary_session_id IS NULL
ORDER BY archived_at LIMIT $3 FOR UPDATE SKIP LOCKED;

-- name: drop_bodies
-- Drop the recipe bodies of up to $3 requests made before $2, oldest first. A Session's newest
-- request keeps its body: the next request's recipe may be written against it at any moment.
-- A kept request whose entries are written against a dropped one ({"base": id, "tail": [...]})
-- first takes its full entry list (``mango_request_recipe``, which reads this statement's
-- snapshot, before any drop), so every kept recipe still rebuilds exactly. The dropped form keeps
-- the model, endpoint (the Session's pinned endpoint is read from its first request) and adapter
-- and the entry count; ``recipe_parts`` stay (shared by the Workspace's requests).
WITH batch AS (
    SELECT m.id FROM model_requests m
    WHERE m.workspace_id = $1 AND m.recipe_dropped_at IS NULL AND m.created_at < $2
      AND EXISTS (SELECT 1 FROM model_requests n WHERE n.session_id = m.session_id AND n.seq > m.seq)
    ORDER BY m.created_at LIMIT $3 FOR UPDATE SKIP LOCKED
), heirs AS (
    UPDATE model_requests k SET recipe = (
        SELECT json_object_agg(f.key, CASE WHEN f.key = 'entries' THEN mango_request_recipe(k.id)->'entries'
                                           ELSE f.value END ORDER BY f.n)
        FROM json_each(k.recipe) WITH ORDINALITY AS f (key, value, n))
    WHERE k.workspace_id = $1 AND k.recipe_dropped_at IS NULL
      AND json_typeof(k.recipe->'entries') = 'object'
      AND k.recipe->'entries'->>'base' IN (SELECT id FROM batch)
      AND k.id NOT IN (SELECT id FROM batch)
    RETURNING k.id
), dropped AS (
    UPDATE model_requests m SET recipe_dropped_at = now(), recipe = (
        coalesce((SELECT jsonb_object_agg(f.key, f.value) FROM json_each(m.recipe) AS f (key, value)
                  WHERE f.key IN ('model', 'endpoint', 'adapter')), '{}'::jsonb)
        || jsonb_build_object('dropped', 'retention', 'entries_count',
               coalesce((m.recipe->>'entries_count')::integer, json_array_length(m.recipe->'entries')))
    )::json
    WHERE m.id IN (SELECT id FROM batch)
    RETURNING m.id
)
SELECT (SELECT count(*) FROM dropped) AS dropped, (SELECT count(*) FROM heirs) AS rewritten;

-- name: expire_runs
-- Delete up to $3 Deployment Runs recorded before $2 whose Run is finished: it created no Session,
-- or its Session is gone or no longer working (idle or terminated).
DELETE FROM deployment_runs WHERE (workspace_id, id) IN (
    SELECT r.workspace_id, r.id FROM deployment_runs r
    LEFT JOIN sessions s ON s.workspace_id = r.workspace_id AND s.id = r.session_id
    WHERE r.workspace_id = $1 AND r.created_at < $2 AND (s.id IS NULL OR s.status IN ('idle', 'terminated'))
    ORDER BY r.created_at LIMIT $3 FOR UPDATE OF r SKIP LOCKED
)
RETURNING id;

-- name: try_pass_lock
-- One retention pass at a time across orchestrator replicas (a session-level advisory lock, freed
-- when the pass ends or its connection drops).
SELECT pg_try_advisory_lock(hashtext('mango.retention'));

-- name: release_pass_lock
SELECT pg_advisory_unlock(hashtext('mango.retention'));
