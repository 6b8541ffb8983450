-- name: claim_key
-- A fresh key, an expired one or a running one whose lease lapsed is (re)claimed; otherwise no row.
INSERT INTO idempotency_keys
    (workspace_id, key, fingerprint, operation_id, state, locked_until, created_at, expires_at)
VALUES ($1, $2, $3, $4, 'running', now() + make_interval(secs => $5), now(), now() + make_interval(secs => $6))
ON CONFLICT (workspace_id, key) DO UPDATE
SET fingerprint = EXCLUDED.fingerprint, operation_id = EXCLUDED.operation_id, state = 'running',
    status_code = NULL, content_type = NULL, body = NULL, locked_until = EXCLUDED.locked_until,
    created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at
WHERE idempotency_keys.expires_at <= now()
   OR (idempotency_keys.state = 'running' AND idempotency_keys.locked_until <= now())
RETURNING workspace_id;

-- name: get_key
SELECT workspace_id, key, fingerprint, operation_id, state, status_code, content_type, body
FROM idempotency_keys WHERE workspace_id = $1 AND key = $2;

-- name: complete_key
-- $7: the fingerprint the answer is kept under (a streamed upload's includes its body digest).
UPDATE idempotency_keys SET state = 'done', status_code = $4, content_type = $5, body = $6, fingerprint = $7
WHERE workspace_id = $1 AND key = $2 AND fingerprint = $3 AND state = 'running';

-- name: release_key
DELETE FROM idempotency_keys WHERE workspace_id = $1 AND key = $2 AND fingerprint = $3 AND state = 'running';

-- name: purge_keys
DELETE FROM idempotency_keys
WHERE ctid IN (SELECT ctid FROM idempotency_keys WHERE expires_at <= now() LIMIT $1);
