-- name: insert_store
INSERT INTO memory_stores (workspace_id, id, name, description, metadata, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $6)
RETURNING workspace_id, id, name, description, metadata, created_at, updated_at, archived_at;

-- name: get_store
SELECT workspace_id, id, name, description, metadata, created_at, updated_at, archived_at
FROM memory_stores WHERE workspace_id = $1 AND id = $2;

-- name: lock_store
SELECT workspace_id, id, name, description, metadata, created_at, updated_at, archived_at
FROM memory_stores WHERE workspace_id = $1 AND id = $2 FOR UPDATE;

-- name: share_store
SELECT workspace_id, id, name, description, metadata, created_at, updated_at, archived_at
FROM memory_stores WHERE workspace_id = $1 AND id = $2 FOR SHARE;

-- name: update_store
UPDATE memory_stores SET name = $3, description = $4, metadata = $5, updated_at = $6
WHERE workspace_id = $1 AND id = $2
RETURNING workspace_id, id, name, description, metadata, created_at, updated_at, archived_at;

-- name: archive_store
UPDATE memory_stores SET archived_at = coalesce(archived_at, $3), updated_at = CASE WHEN archived_at IS NULL THEN $3 ELSE updated_at END
WHERE workspace_id = $1 AND id = $2
RETURNING workspace_id, id, name, description, metadata, created_at, updated_at, archived_at;

-- name: count_attaching_sessions
SELECT count(*) FROM sessions
WHERE workspace_id = $1 AND resources @> $2::jsonb AND deleting_at IS NULL AND archived_at IS NULL
  AND status <> 'terminated';

-- name: delete_store
DELETE FROM memory_stores WHERE workspace_id = $1 AND id = $2;

-- name: list_stores_base
SELECT workspace_id, id, name, description, metadata, created_at, updated_at, archived_at
FROM memory_stores WHERE workspace_id = $1

-- name: session_resources
SELECT resources FROM sessions WHERE workspace_id = $1 AND id = $2 AND deleting_at IS NULL;

-- name: insert_memory
INSERT INTO memories (workspace_id, memory_store_id, id, path, content, content_sha256, content_size_bytes,
                      memory_version_id, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
ON CONFLICT (memory_store_id, path) DO NOTHING
RETURNING workspace_id, memory_store_id, id, path, content, content_sha256, content_size_bytes,
          memory_version_id, created_at, updated_at;

-- name: memory_at_path
SELECT id, path FROM memories WHERE memory_store_id = $1 AND path = $2;

-- name: get_memory
SELECT workspace_id, memory_store_id, id, path, content, content_sha256, content_size_bytes,
    memory_version_id, created_at, updated_at
FROM memories WHERE workspace_id = $1 AND memory_store_id = $2 AND id = $3;

-- name: lock_memory
SELECT workspace_id, memory_store_id, id, path, content, content_sha256, content_size_bytes,
    memory_version_id, created_at, updated_at
FROM memories WHERE workspace_id = $1 AND memory_store_id = $2 AND id = $3 FOR UPDATE;

-- name: update_memory
UPDATE memories SET path = $3, content = $4, content_sha256 = $5, content_size_bytes = $6, memory_version_id = $7,
                    updated_at = $8
WHERE memory_store_id = $1 AND id = $2
RETURNING workspace_id, memory_store_id, id, path, content, content_sha256, content_size_bytes,
          memory_version_id, created_at, updated_at;

-- name: delete_memory
DELETE FROM memories WHERE memory_store_id = $1 AND id = $2;

-- name: list_memories
SELECT workspace_id, memory_store_id, id, path, content, content_sha256, content_size_bytes,
    memory_version_id, created_at, updated_at
FROM memories
WHERE memory_store_id = $1 AND starts_with(path, $2)
  AND (($4 = 'gt' AND path > $3) OR ($4 = 'ge' AND path >= $3))
ORDER BY path
LIMIT $5;

-- name: insert_version
INSERT INTO memory_versions (workspace_id, memory_store_id, id, memory_id, operation, path, content, content_sha256,
                             content_size_bytes, created_by, created_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11);

-- name: get_version
SELECT workspace_id, memory_store_id, id, memory_id, operation, path, content, content_sha256,
    content_size_bytes, created_by, redacted_at, created_at
FROM memory_versions WHERE workspace_id = $1 AND memory_store_id = $2 AND id = $3;

-- name: lock_version
SELECT workspace_id, memory_store_id, id, memory_id, operation, path, content, content_sha256,
    content_size_bytes, created_by, redacted_at, created_at
FROM memory_versions WHERE workspace_id = $1 AND memory_store_id = $2 AND id = $3 FOR UPDATE;

-- name: version_is_current
SELECT EXISTS (SELECT 1 FROM memories WHERE memory_store_id = $1 AND memory_version_id = $2);

-- name: redact_version
UPDATE memory_versions SET path = NULL, content = NULL, content_sha256 = NULL, content_size_bytes = NULL,
                           redacted_at = $3
WHERE memory_store_id = $1 AND id = $2
RETURNING workspace_id, memory_store_id, id, memory_id, operation, path, content, content_sha256,
          content_size_bytes, created_by, redacted_at, created_at;

-- name: list_versions_base
SELECT workspace_id, memory_store_id, id, memory_id, operation, path, content, content_sha256,
    content_size_bytes, created_by, redacted_at, created_at
FROM memory_versions WHERE workspace_id = $1 AND memory_store_id = $2
