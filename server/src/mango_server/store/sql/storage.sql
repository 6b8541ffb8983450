-- name: table_sizes
-- Each table's size on disk (heap, indexes and TOAST) and its planner row estimate (no scan).
SELECT c.relname AS name, pg_total_relation_size(c.oid) AS bytes, greatest(c.reltuples, 0)::bigint AS rows
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = current_schema() AND c.relkind = 'r' AND c.relname = ANY($1::text[]);
