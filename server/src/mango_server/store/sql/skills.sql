-- name: insert_skill
INSERT INTO skills (workspace_id, id, display_title, latest_version, next_version, created_at, updated_at)
VALUES ($1, $2, $3, 1, 2, now(), now());

-- name: get_skill
SELECT workspace_id, id, display_title, latest_version, next_version, created_at, updated_at, deleted_at
FROM skills WHERE workspace_id = $1 AND id = $2 AND ($3 OR deleted_at IS NULL);

-- name: lock_skill
SELECT workspace_id, id, display_title, latest_version, next_version, created_at, updated_at, deleted_at
FROM skills WHERE workspace_id = $1 AND id = $2 AND deleted_at IS NULL FOR UPDATE;

-- name: share_skill
SELECT workspace_id, id, display_title, latest_version, next_version, created_at, updated_at, deleted_at
FROM skills WHERE workspace_id = $1 AND id = $2 AND deleted_at IS NULL FOR SHARE;

-- name: set_latest
UPDATE skills SET latest_version = $3, next_version = greatest(next_version, $4), updated_at = now()
WHERE workspace_id = $1 AND id = $2;

-- name: list_base
SELECT workspace_id, id, display_title, latest_version, next_version, created_at, updated_at, deleted_at
FROM skills WHERE workspace_id = $1 AND deleted_at IS NULL;

-- name: insert_version
INSERT INTO skill_versions (workspace_id, skill_id, version, id, name, description, directory, archive_size_bytes,
                            archive_sha256, expanded_size_bytes, member_count, object_key, created_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, now());

-- name: get_version
SELECT workspace_id, skill_id, version, id, name, description, directory, archive_size_bytes,
    archive_sha256, expanded_size_bytes, member_count, object_key, created_at, deleted_at
FROM skill_versions
WHERE workspace_id = $1 AND skill_id = $2 AND version = $3 AND ($4 OR deleted_at IS NULL);

-- name: live_versions
SELECT workspace_id, skill_id, version, id, name, description, directory, archive_size_bytes,
    archive_sha256, expanded_size_bytes, member_count, object_key, created_at, deleted_at
FROM skill_versions WHERE workspace_id = $1 AND skill_id = $2 AND deleted_at IS NULL ORDER BY version;

-- name: versions_base
SELECT workspace_id, skill_id, version, id, name, description, directory, archive_size_bytes,
    archive_sha256, expanded_size_bytes, member_count, object_key, created_at, deleted_at
FROM skill_versions WHERE workspace_id = $1 AND skill_id = $2 AND deleted_at IS NULL;

-- name: agent_pins
SELECT a.id FROM agents a
JOIN agent_versions v ON v.workspace_id = a.workspace_id AND v.agent_id = a.id AND v.version = a.current_version
WHERE a.workspace_id = $1 AND a.archived_at IS NULL AND v.body -> 'skills' @> $2::jsonb
ORDER BY a.id LIMIT 5;

-- name: session_pinned
-- A coordinator Session also pins its roster members' Skills (its workers materialise them).
SELECT EXISTS (
    SELECT 1 FROM sessions WHERE workspace_id = $1 AND (
        agent_snapshot -> 'skills' @> $2::jsonb
        OR agent_snapshot -> 'multiagent' -> 'agents' @> jsonb_build_array(jsonb_build_object('skills', $2::jsonb))
    )
);

-- name: soft_delete_version
UPDATE skill_versions SET deleted_at = now() WHERE workspace_id = $1 AND skill_id = $2 AND version = $3;

-- name: delete_version
DELETE FROM skill_versions WHERE workspace_id = $1 AND skill_id = $2 AND version = $3 RETURNING object_key;

-- name: soft_delete_skill
UPDATE skills SET deleted_at = now(), updated_at = now() WHERE workspace_id = $1 AND id = $2;

-- name: delete_skill_if_empty
DELETE FROM skills s WHERE s.workspace_id = $1 AND s.id = $2 AND s.deleted_at IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM skill_versions v WHERE v.workspace_id = s.workspace_id AND v.skill_id = s.id);

-- name: released_candidates
SELECT workspace_id, skill_id, version FROM skill_versions WHERE deleted_at IS NOT NULL
ORDER BY deleted_at LIMIT $1 FOR UPDATE SKIP LOCKED;

-- name: manifest
SELECT skill_id, version, name, description, directory, archive_size_bytes, archive_sha256, object_key FROM skill_versions
WHERE workspace_id = $1 AND skill_id = $2 AND version = $3;
