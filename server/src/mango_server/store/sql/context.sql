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
-- The recipe in its stored form and, in the same round trip, the parts it names that the previous
-- request did not ($9: [{"digest", "body"}], each stored once per Workspace).
WITH parts AS (
    INSERT INTO recipe_parts (workspace_id, digest, body, created_at)
    SELECT $1, p.digest, p.body, now() FROM json_to_recordset($9::json) AS p (digest text, body json)
    ON CONFLICT (workspace_id, digest) DO NOTHING
)
INSERT INTO model_requests
    (workspace_id, session_id, id, trigger_id, round, compaction_id, recipe, estimate, created_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now())
ON CONFLICT (id) DO NOTHING
RETURNING id;

-- name: get_request
-- The recipe in its full form (``mango_request_recipe``).
SELECT id, trigger_id, round, compaction_id, mango_request_recipe(id) AS recipe, estimate, usage,
       provider_request_id,
       coalesce((recipe->>'entries_count')::integer, json_array_length(recipe->'entries')) AS entries_count
FROM model_requests WHERE session_id = $1 AND id = $2;

-- name: list_requests
-- The recipes in their stored form (parts and entries by reference): the listing needs only their counts.
SELECT id, trigger_id, round, compaction_id, recipe, estimate, usage, provider_request_id,
       coalesce((recipe->>'entries_count')::integer, json_array_length(recipe->'entries')) AS entries_count
FROM model_requests WHERE session_id = $1 ORDER BY seq;
