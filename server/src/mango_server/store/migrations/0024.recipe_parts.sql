-- depends: 0023.vaults
-- Bounded request recipes. The system prompt, tool declarations and tool configuration of a model
-- request are content-addressed parts stored once per Workspace (``recipe_parts``, keyed by the sha256 of their
-- JSON text); a recipe names them as {"part": <digest>}. A recipe's transcript entries are either the
-- full list of keys or {"base": <previous request id>, "tail": [...]}: the previous request's entries
-- followed by the appended ones. Recipes written before this migration keep their inline form.
-- ``mango_request_recipe`` answers any recipe in its full form (the order and text of every JSON
-- value kept, so the rebuilt body is byte for byte the one sent).
CREATE TABLE recipe_parts (
    workspace_id text NOT NULL,
    digest       text NOT NULL,
    body         json NOT NULL,
    created_at   timestamptz NOT NULL,
    PRIMARY KEY (workspace_id, digest)
);

CREATE FUNCTION mango_request_recipe(p_request text) RETURNS json LANGUAGE sql STABLE AS $$
    WITH RECURSIVE chain (id, entries, depth) AS (
        SELECT id, recipe->'entries', 0 FROM model_requests WHERE id = p_request
        UNION ALL
        SELECT m.id, m.recipe->'entries', c.depth + 1
        FROM chain c JOIN model_requests m ON m.id = c.entries->>'base'
        WHERE json_typeof(c.entries) = 'object' AND m.id <> c.id
    )
    SELECT json_object_agg(f.key, CASE
               WHEN f.key = 'entries' THEN (
                   SELECT coalesce(json_agg(x.k ORDER BY c.depth DESC, x.i), '[]'::json)
                   FROM chain c, json_array_elements(
                       CASE WHEN json_typeof(c.entries) = 'array' THEN c.entries ELSE c.entries->'tail' END
                   ) WITH ORDINALITY AS x (k, i))
               WHEN json_typeof(f.value) = 'object' AND f.key IN ('system', 'tools', 'tool_config') THEN (
                   SELECT p.body FROM recipe_parts p
                   WHERE p.workspace_id = r.workspace_id AND p.digest = f.value->>'part')
               ELSE f.value END ORDER BY f.n)
    FROM model_requests r, json_each(r.recipe) WITH ORDINALITY AS f (key, value, n)
    WHERE r.id = p_request
$$;
