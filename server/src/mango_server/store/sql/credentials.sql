-- name: insert_api_key
INSERT INTO api_keys (id, workspace_id, name, digest, hint) VALUES ($1, $2, $3, $4, $5)
RETURNING id, workspace_id, name, hint, created_at, revoked_at;

-- name: list_api_keys
SELECT id, workspace_id, name, hint, created_at, revoked_at FROM api_keys
WHERE workspace_id = $1 ORDER BY created_at, id;

-- name: revoke_api_key
UPDATE api_keys SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1
RETURNING id, workspace_id, name, hint, created_at, revoked_at;

-- name: find_api_key
SELECT id, workspace_id FROM api_keys WHERE digest = $1 AND revoked_at IS NULL;

-- name: insert_environment_key
INSERT INTO environment_keys (id, workspace_id, environment_id, digest, hint) VALUES ($1, $2, $3, $4, $5)
RETURNING id, workspace_id, environment_id, hint, created_at;

-- name: find_environment_key
SELECT id, workspace_id, environment_id FROM environment_keys WHERE digest = $1 AND revoked_at IS NULL;

-- name: list_environment_keys
SELECT id, workspace_id, environment_id, hint, created_at, revoked_at FROM environment_keys
WHERE workspace_id = $1 AND environment_id = $2 ORDER BY created_at, id;

-- name: hold_environment_key
-- The key, share-locked, while it is not revoked: a revocation (an UPDATE of this row) waits for
-- the Poll or Ack holding it to commit, and every later one finds it revoked.
SELECT id FROM environment_keys WHERE id = $1 AND revoked_at IS NULL FOR SHARE;

-- name: revoke_environment_key
UPDATE environment_keys SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1
RETURNING id, workspace_id, environment_id, hint, created_at, revoked_at;

-- name: find_session_token
SELECT workspace_id, id, environment_id, session_id, kind, state,
       (acknowledged_at IS NOT NULL AND (
           (state IN ('starting', 'active')
            AND coalesce(latest_heartbeat_at, acknowledged_at) + make_interval(secs => lease_ttl_seconds) > now())
           OR (state = 'stopping' AND stop_requested_at + make_interval(secs => lease_ttl_seconds) > now())
       )) AS live
FROM work WHERE token_digest = $1;

-- name: live_session_tokens
-- Which of these session-token digests still hold a live Work lease (the SSE fan-out's one read
-- per interval for every stream opened with a session token; same predicate as above).
SELECT token_digest FROM work
WHERE token_digest = ANY($1::bytea[]) AND acknowledged_at IS NOT NULL AND (
    (state IN ('starting', 'active')
     AND coalesce(latest_heartbeat_at, acknowledged_at) + make_interval(secs => lease_ttl_seconds) > now())
    OR (state = 'stopping' AND stop_requested_at + make_interval(secs => lease_ttl_seconds) > now()));
