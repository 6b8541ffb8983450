DROP INDEX sessions_retention;
DROP INDEX model_requests_retention;
ALTER TABLE model_requests DROP COLUMN recipe_dropped_at;
DROP TABLE workspace_retention;
