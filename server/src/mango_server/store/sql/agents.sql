-- name: insert_agent
INSERT INTO agents (workspace_id, id, current_version, created_at, updated_at) VALUES ($1, $2, 1, $3, $3);

-- name: insert_version
INSERT INTO agent_versions (workspace_id, agent_id, version, body, created_at) VALUES ($1, $2, $3, $4, $5);

-- name: get_agent
SELECT a.id, a.current_version, a.created_at, a.updated_at, a.archived_at, v.version, v.body
FROM agents a JOIN agent_versions v
  ON v.workspace_id = a.workspace_id AND v.agent_id = a.id AND v.version = coalesce($3, a.current_version)
WHERE a.workspace_id = $1 AND a.id = $2;

-- name: lock_agent
SELECT id, current_version, archived_at FROM agents WHERE workspace_id = $1 AND id = $2 FOR UPDATE;

-- name: bump_version
UPDATE agents SET current_version = $3, updated_at = $4 WHERE workspace_id = $1 AND id = $2;

-- name: archive_agent
UPDATE agents SET archived_at = coalesce(archived_at, $3), updated_at = $3 WHERE workspace_id = $1 AND id = $2;

-- name: list_base
SELECT a.id, a.current_version, a.created_at, a.updated_at, a.archived_at, v.version, v.body
FROM agents a JOIN agent_versions v
  ON v.workspace_id = a.workspace_id AND v.agent_id = a.id AND v.version = a.current_version
WHERE a.workspace_id = $1;

-- name: versions_base
SELECT a.id, a.current_version, a.created_at, v.created_at AS updated_at, a.archived_at, v.version, v.body
FROM agents a JOIN agent_versions v ON v.workspace_id = a.workspace_id AND v.agent_id = a.id
WHERE a.workspace_id = $1 AND a.id = $2;
