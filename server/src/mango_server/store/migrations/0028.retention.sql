-- depends: 0027.mcp_health
-- Retention per Workspace (defaults off: no row, or a NULL column, keeps everything). The
-- orchestrator's retention pass (``app.retention``) deletes archived Sessions through the deletion
-- saga ``archived_sessions_days`` after they were archived, drops request recipe bodies
-- ``request_bodies_days`` after the request, and expires finished Deployment Runs
-- ``deployment_runs_days`` after they were recorded. Set with ``mango workspace retention``.
CREATE TABLE workspace_retention (
    workspace_id          text PRIMARY KEY REFERENCES workspaces (id) ON DELETE CASCADE,
    archived_sessions_days integer CHECK (archived_sessions_days > 0),
    request_bodies_days   integer CHECK (request_bodies_days > 0),
    deployment_runs_days  integer CHECK (deployment_runs_days > 0),
    updated_at            timestamptz NOT NULL
);

-- When retention dropped the request's recipe body (NULL: the body is kept). The row keeps its
-- usage, estimate, round and the recipe's model and endpoint; ``mango session inspect`` says so.
ALTER TABLE model_requests ADD COLUMN recipe_dropped_at timestamptz;
-- What the pass scans: requests whose body is still kept, by Workspace and age, and archived
-- Sessions not yet fenced, by Workspace and archive time (both shrink as the pass works).
CREATE INDEX model_requests_retention ON model_requests (workspace_id, created_at) WHERE recipe_dropped_at IS NULL;
CREATE INDEX sessions_retention ON sessions (workspace_id, archived_at)
    WHERE archived_at IS NOT NULL AND deleting_at IS NULL AND primary_session_id IS NULL;
