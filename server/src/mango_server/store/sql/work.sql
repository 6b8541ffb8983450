-- name: insert_work
INSERT INTO work (workspace_id, id, environment_id, kind, session_id, state, metadata, created_at)
VALUES ($1, $2, $3, $4, $5, 'queued', $6, clock_timestamp())
RETURNING workspace_id, id, environment_id, kind, session_id, state, metadata, token_digest, worker_id,
          claimed_at, acknowledged_at, started_at, latest_heartbeat_at, lease_ttl_seconds,
          stop_requested_at, stopped_at, error, result, created_at, teardown_session_id;

-- name: ensure_session_work
INSERT INTO work (workspace_id, id, environment_id, kind, session_id, state, metadata, created_at)
VALUES ($1, $2, $3, 'session', $4, 'queued', '{}', clock_timestamp())
ON CONFLICT (session_id) WHERE kind = 'session' AND state <> 'stopped' DO NOTHING
RETURNING id;

-- name: enqueue_teardown
-- A deleted Session's sandbox teardown, queued in the transaction that removes its rows: only when
-- a worker ever claimed its Work (a workspace may exist), once per Session.
INSERT INTO work (workspace_id, id, environment_id, kind, teardown_session_id, state, metadata, created_at)
SELECT s.workspace_id, $2, s.environment_id, 'session_teardown', s.id, 'queued', '{}', clock_timestamp()
FROM sessions s
WHERE s.id = $1 AND s.deleting_at IS NOT NULL
  AND EXISTS (SELECT 1 FROM work w WHERE w.session_id = s.id AND w.kind = 'session' AND w.claimed_at IS NOT NULL)
ON CONFLICT (teardown_session_id) WHERE kind = 'session_teardown' DO NOTHING
RETURNING id;

-- name: has_runnable_builtin
-- $1 is a Session's own row: its child Threads' calls are run by the same Work.
SELECT EXISTS (
    SELECT 1 FROM session_actions
    WHERE kind = 'builtin' AND state IN ('pending', 'allowed')
      AND session_id IN (SELECT $1::text UNION ALL SELECT id FROM sessions WHERE primary_session_id = $1)
);

-- name: get_work
SELECT workspace_id, id, environment_id, kind, session_id, state, metadata, token_digest, worker_id,
    claimed_at, acknowledged_at, started_at, latest_heartbeat_at, lease_ttl_seconds,
    stop_requested_at, stopped_at, error, result, created_at, teardown_session_id
FROM work WHERE workspace_id = $1 AND environment_id = $2 AND id = $3;

-- name: lock_work
SELECT workspace_id, id, environment_id, kind, session_id, state, metadata, token_digest, worker_id,
    claimed_at, acknowledged_at, started_at, latest_heartbeat_at, lease_ttl_seconds,
    stop_requested_at, stopped_at, error, result, created_at, teardown_session_id,
    clock_timestamp() AS db_now
FROM work WHERE workspace_id = $1 AND environment_id = $2 AND id = $3 FOR UPDATE;

-- name: sweep_environment
WITH due AS (
    SELECT w.id FROM work w
    WHERE w.workspace_id = $1 AND w.environment_id = $2 AND w.state <> 'stopped' AND (
        (w.state = 'stopping' AND w.stop_requested_at + make_interval(secs => w.lease_ttl_seconds) <= now())
        OR (w.kind = 'session' AND w.state = 'queued' AND NOT EXISTS (
            SELECT 1 FROM sessions s WHERE s.id = w.session_id AND s.status <> 'terminated'
                AND s.archived_at IS NULL AND s.deleting_at IS NULL)))
    FOR UPDATE SKIP LOCKED
)
UPDATE work SET state = 'stopped', stopped_at = clock_timestamp() FROM due WHERE work.id = due.id;

-- name: claim_candidate
SELECT workspace_id, id, environment_id, kind, session_id, state, metadata, token_digest, worker_id,
    claimed_at, acknowledged_at, started_at, latest_heartbeat_at, lease_ttl_seconds,
    stop_requested_at, stopped_at, error, result, created_at, teardown_session_id
FROM work
WHERE workspace_id = $1 AND environment_id = $2 AND state IN ('queued', 'starting', 'active') AND (
    (state = 'queued' AND (claimed_at IS NULL OR claimed_at <= now() - make_interval(secs => $3)))
    OR (state IN ('starting', 'active')
        AND coalesce(latest_heartbeat_at, acknowledged_at) + make_interval(secs => lease_ttl_seconds) <= now()))
ORDER BY created_at, id
LIMIT 1
FOR UPDATE SKIP LOCKED;

-- name: claim
UPDATE work SET state = 'queued', claimed_at = clock_timestamp(), token_digest = $2, worker_id = $3,
    acknowledged_at = NULL, latest_heartbeat_at = NULL, lease_ttl_seconds = 90
WHERE id = $1
RETURNING workspace_id, id, environment_id, kind, session_id, state, metadata, token_digest, worker_id,
          claimed_at, acknowledged_at, started_at, latest_heartbeat_at, lease_ttl_seconds,
          stop_requested_at, stopped_at, error, result, created_at, teardown_session_id;

-- name: acknowledge
UPDATE work SET state = 'starting', acknowledged_at = clock_timestamp() WHERE id = $1
RETURNING workspace_id, id, environment_id, kind, session_id, state, metadata, token_digest, worker_id,
          claimed_at, acknowledged_at, started_at, latest_heartbeat_at, lease_ttl_seconds,
          stop_requested_at, stopped_at, error, result, created_at, teardown_session_id;

-- name: heartbeat
UPDATE work SET state = 'active', started_at = coalesce(started_at, clock_timestamp()),
    latest_heartbeat_at = clock_timestamp(), lease_ttl_seconds = $2
WHERE id = $1
RETURNING workspace_id, id, environment_id, kind, session_id, state, metadata, token_digest, worker_id,
          claimed_at, acknowledged_at, started_at, latest_heartbeat_at, lease_ttl_seconds,
          stop_requested_at, stopped_at, error, result, created_at, teardown_session_id;

-- name: request_stop
UPDATE work SET state = 'stopping', stop_requested_at = coalesce(stop_requested_at, clock_timestamp())
WHERE id = $1
RETURNING workspace_id, id, environment_id, kind, session_id, state, metadata, token_digest, worker_id,
          claimed_at, acknowledged_at, started_at, latest_heartbeat_at, lease_ttl_seconds,
          stop_requested_at, stopped_at, error, result, created_at, teardown_session_id;

-- name: stop_now
UPDATE work SET state = 'stopped', stopped_at = clock_timestamp(),
    stop_requested_at = coalesce(stop_requested_at, clock_timestamp()), error = coalesce($2, error),
    result = coalesce($3, result)
WHERE id = $1
RETURNING workspace_id, id, environment_id, kind, session_id, state, metadata, token_digest, worker_id,
          claimed_at, acknowledged_at, started_at, latest_heartbeat_at, lease_ttl_seconds,
          stop_requested_at, stopped_at, error, result, created_at, teardown_session_id;

-- name: list_base
SELECT workspace_id, id, environment_id, kind, session_id, state, metadata, token_digest, worker_id,
    claimed_at, acknowledged_at, started_at, latest_heartbeat_at, lease_ttl_seconds,
    stop_requested_at, stopped_at, error, result, created_at, teardown_session_id
FROM work WHERE workspace_id = $1 AND environment_id = $2

-- name: stats
SELECT count(*) FILTER (WHERE state = 'queued' AND claimed_at IS NULL) AS depth,
       count(*) FILTER (WHERE state = 'queued' AND claimed_at IS NOT NULL) AS pending,
       min(created_at) FILTER (WHERE state = 'queued') AS oldest_queued_at
FROM work WHERE workspace_id = $1 AND environment_id = $2 AND state <> 'stopped';

-- name: workers_polling
SELECT count(*) FROM work_pollers WHERE environment_id = $1 AND last_polled_at > now() - interval '30 seconds';

-- name: record_poller
-- Admits and records a poll; no row comes back (refused) when $4 other workers polled the
-- Environment in the last 30 s and this one did not. Other workers quiet for an hour are pruned
-- on the way, so distinct worker ids cannot grow the table without bound.
WITH pruned AS (
    DELETE FROM work_pollers
    WHERE environment_id = $1 AND worker_id <> $2 AND last_polled_at < now() - interval '1 hour'
), live AS (
    SELECT worker_id FROM work_pollers WHERE environment_id = $1 AND last_polled_at > now() - interval '30 seconds'
)
INSERT INTO work_pollers (environment_id, worker_id, workspace_id, last_polled_at)
SELECT $1, $2, $3, clock_timestamp()
WHERE EXISTS (SELECT 1 FROM live WHERE worker_id = $2) OR (SELECT count(*) FROM live) < $4
ON CONFLICT (environment_id, worker_id) DO UPDATE SET last_polled_at = EXCLUDED.last_polled_at
RETURNING 1;

-- name: live_for_session
SELECT workspace_id, id, environment_id, kind, session_id, state, metadata, token_digest, worker_id,
    claimed_at, acknowledged_at, started_at, latest_heartbeat_at, lease_ttl_seconds,
    stop_requested_at, stopped_at, error, result, created_at, teardown_session_id
FROM work WHERE session_id = $1 AND state <> 'stopped' ORDER BY created_at FOR UPDATE;

-- name: lock_live_lease
-- The caller's Work item, share-locked, only while its lease is live and the token is still the
-- current one (a reclaim rotates token_digest and must wait for this transaction to commit).
SELECT id FROM work
WHERE workspace_id = $1 AND id = $2 AND session_id = $3 AND token_digest = $4 AND acknowledged_at IS NOT NULL
  AND ((state IN ('starting', 'active')
        AND coalesce(latest_heartbeat_at, acknowledged_at) + make_interval(secs => lease_ttl_seconds) > now())
       OR (state = 'stopping' AND stop_requested_at + make_interval(secs => lease_ttl_seconds) > now()))
FOR SHARE;
-- name: depth_by_state
SELECT state, count(*)::int AS items FROM work WHERE state <> 'stopped' GROUP BY state;
