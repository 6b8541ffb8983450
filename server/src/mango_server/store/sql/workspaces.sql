-- name: insert_workspace
INSERT INTO workspaces (id, name) VALUES ($1, $2) RETURNING id, name, created_at;

-- name: workspace_exists
SELECT EXISTS (SELECT 1 FROM workspaces WHERE id = $1);
