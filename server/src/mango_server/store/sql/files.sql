-- name: insert_file
INSERT INTO files (workspace_id, id, filename, mime_type, size_bytes, sha256, object_key, created_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, now())
RETURNING workspace_id, id, filename, mime_type, size_bytes, sha256, object_key, created_at;

-- name: get_file
SELECT workspace_id, id, filename, mime_type, size_bytes, sha256, object_key, created_at
FROM files WHERE workspace_id = $1 AND id = $2;

-- name: delete_file
DELETE FROM files WHERE workspace_id = $1 AND id = $2 RETURNING object_key;

-- name: list_base
SELECT workspace_id, id, filename, mime_type, size_bytes, sha256, object_key, created_at
FROM files WHERE workspace_id = $1;

-- name: insert_snapshot
INSERT INTO message_file_snapshots (workspace_id, session_id, event_id, block_index, file_id, data)
VALUES ($1, $2, $3, $4, $5, $6);

-- name: snapshots_for_event
SELECT block_index, data FROM message_file_snapshots WHERE event_id = $1;
