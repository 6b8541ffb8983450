-- name: insert_guard
INSERT INTO blob_guards (id, workspace_id, object_key, state, lease_owner, lease_expires_at)
VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6));

-- name: renew
UPDATE blob_guards SET lease_expires_at = now() + make_interval(secs => $3)
WHERE id = $1 AND lease_owner = $2 AND state = 'uploading'
RETURNING id;

-- name: publish
DELETE FROM blob_guards WHERE id = $1 AND lease_owner = $2 AND state = 'uploading' RETURNING object_key;

-- name: release
DELETE FROM blob_guards WHERE id = $1 AND lease_owner = $2;

-- name: claim_expired
UPDATE blob_guards SET state = 'cleanup', lease_owner = $1, lease_expires_at = now() + make_interval(secs => $2)
WHERE id IN (
    SELECT id FROM blob_guards WHERE lease_expires_at < now()
    ORDER BY lease_expires_at LIMIT $3 FOR UPDATE SKIP LOCKED
)
RETURNING id, object_key;
