-- name: insert_environment
INSERT INTO environments (workspace_id, id, name, description, config, metadata, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
RETURNING id, name, description, config, metadata, created_at, updated_at, archived_at;

-- name: get_environment
SELECT id, name, description, config, metadata, created_at, updated_at, archived_at
FROM environments WHERE workspace_id = $1 AND id = $2;

-- name: lock_environment
SELECT id, name, description, config, metadata, created_at, updated_at, archived_at
FROM environments WHERE workspace_id = $1 AND id = $2 FOR UPDATE;

-- name: update_environment
UPDATE environments SET name = $3, description = $4, config = $5, metadata = $6, updated_at = $7
WHERE workspace_id = $1 AND id = $2
RETURNING id, name, description, config, metadata, created_at, updated_at, archived_at;

-- name: archive_environment
UPDATE environments SET archived_at = coalesce(archived_at, $3), updated_at = $3
WHERE workspace_id = $1 AND id = $2
RETURNING id, name, description, config, metadata, created_at, updated_at, archived_at;

-- name: count_live_sessions
SELECT count(*) FROM sessions WHERE workspace_id = $1 AND environment_id = $2 AND deleting_at IS NULL;

-- name: delete_environment
DELETE FROM environments WHERE workspace_id = $1 AND id = $2;

-- name: list_base
SELECT id, name, description, config, metadata, created_at, updated_at, archived_at
FROM environments WHERE workspace_id = $1
