-- name: insert_compaction
INSERT INTO context_compactions
    (workspace_id, session_id, id, parent_id, trigger_id, mode, policy_version, projection,
     pre_tokens, post_tokens, created_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now())
ON CONFLICT (id) DO NOTHING
RETURNING id;

-- name: latest_compaction
SELECT id, parent_id, trigger_id, mode, policy_version, projection, pre_tokens, post_tokens
FROM context_compactions WHERE session_id = $1 ORDER BY seq DESC LIMIT 1;

-- name: get_compaction
SELECT id, parent_id, trigger_id, mode, policy_version, projection, pre_tokens, post_tokens
FROM context_compactions WHERE session_id = $1 AND id = $2;

-- name: insert_request
INSERT INTO model_requests
    (workspace_id, session_id, id, trigger_id, round, compaction_id, recipe, estimate, created_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now())
ON CONFLICT (id) DO NOTHING
RETURNING id;

-- name: get_request
SELECT id, trigger_id, round, compaction_id, recipe, estimate, usage, provider_request_id
FROM model_requests WHERE session_id = $1 AND id = $2;

-- name: list_requests
SELECT id, trigger_id, round, compaction_id, recipe, estimate, usage, provider_request_id
FROM model_requests WHERE session_id = $1 ORDER BY seq;
