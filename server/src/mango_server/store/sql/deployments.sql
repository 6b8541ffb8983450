-- name: insert_deployment
INSERT INTO deployments (workspace_id, id, name, description, agent_id, agent_version, environment_id,
                         initial_events, metadata, schedule, overlap_policy, status, created_at, updated_at, vault_ids,
                         budget)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'active', $12, $12, $13, $14)
RETURNING workspace_id, id, name, description, agent_id, agent_version, environment_id, initial_events,
          metadata, schedule, overlap_policy, status, paused_reason, revision, synced_revision,
          upcoming_runs_at, last_run_at, created_at, updated_at, archived_at, vault_ids, budget;

-- name: get_deployment
SELECT workspace_id, id, name, description, agent_id, agent_version, environment_id, initial_events,
    metadata, schedule, overlap_policy, status, paused_reason, revision, synced_revision,
    upcoming_runs_at, last_run_at, created_at, updated_at, archived_at, vault_ids, budget
FROM deployments WHERE workspace_id = $1 AND id = $2;

-- name: lock_deployment
SELECT workspace_id, id, name, description, agent_id, agent_version, environment_id, initial_events,
    metadata, schedule, overlap_policy, status, paused_reason, revision, synced_revision,
    upcoming_runs_at, last_run_at, created_at, updated_at, archived_at, vault_ids, budget
FROM deployments WHERE workspace_id = $1 AND id = $2 FOR UPDATE;

-- name: update_deployment
-- Every change the Schedule may follow bumps the revision; the scheduler re-syncs it.
UPDATE deployments
SET name = $3, description = $4, agent_id = $5, agent_version = $6, environment_id = $7, initial_events = $8,
    metadata = $9, schedule = $10, overlap_policy = $11, status = $12, paused_reason = $13,
    archived_at = $14, updated_at = $15, vault_ids = $16, budget = $17, revision = revision + 1,
    upcoming_runs_at = CASE WHEN $12 = 'active' AND $14::timestamptz IS NULL THEN upcoming_runs_at ELSE '[]' END
WHERE workspace_id = $1 AND id = $2
RETURNING workspace_id, id, name, description, agent_id, agent_version, environment_id, initial_events,
          metadata, schedule, overlap_policy, status, paused_reason, revision, synced_revision,
          upcoming_runs_at, last_run_at, created_at, updated_at, archived_at, vault_ids, budget;

-- name: list_base
SELECT workspace_id, id, name, description, agent_id, agent_version, environment_id, initial_events,
    metadata, schedule, overlap_policy, status, paused_reason, revision, synced_revision,
    upcoming_runs_at, last_run_at, created_at, updated_at, archived_at, vault_ids, budget
FROM deployments WHERE workspace_id = $1

-- name: claim_unsynced
-- Deployments whose Temporal Schedule lags their row; SKIP LOCKED lets several schedulers share them.
SELECT workspace_id, id, name, description, agent_id, agent_version, environment_id, initial_events,
    metadata, schedule, overlap_policy, status, paused_reason, revision, synced_revision,
    upcoming_runs_at, last_run_at, created_at, updated_at, archived_at, vault_ids, budget
FROM deployments WHERE synced_revision < revision ORDER BY updated_at LIMIT $1 FOR UPDATE SKIP LOCKED;

-- name: mark_synced
UPDATE deployments SET synced_revision = $2, upcoming_runs_at = $3 WHERE id = $1 AND revision = $2;

-- name: set_upcoming
-- Only an active row whose Schedule is in sync: a refresh that described the Schedule before a pause or
-- an update reached Temporal must not bring back fire times the pause (or the pending sync) cleared.
UPDATE deployments SET upcoming_runs_at = $2
WHERE id = $1 AND status = 'active' AND archived_at IS NULL AND synced_revision = revision;

-- name: record_last_run
UPDATE deployments SET last_run_at = greatest(coalesce(last_run_at, $2), $2) WHERE id = $1;

-- name: pause_for_error
UPDATE deployments
SET status = 'paused', paused_reason = $2, updated_at = $3, revision = revision + 1, upcoming_runs_at = '[]'
WHERE id = $1 AND status = 'active' AND archived_at IS NULL;

-- name: insert_run
INSERT INTO deployment_runs (workspace_id, id, deployment_id, agent_id, agent_version, session_id, trigger_type,
                             scheduled_at, outcome, error, created_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
ON CONFLICT (deployment_id, scheduled_at) WHERE trigger_type = 'schedule' DO NOTHING
RETURNING workspace_id, id, deployment_id, agent_id, agent_version, session_id, trigger_type, scheduled_at,
          outcome, error, created_at;

-- name: get_run
SELECT workspace_id, id, deployment_id, agent_id, agent_version, session_id, trigger_type, scheduled_at,
    outcome, error, created_at
FROM deployment_runs WHERE workspace_id = $1 AND id = $2;

-- name: get_scheduled_run
SELECT workspace_id, id, deployment_id, agent_id, agent_version, session_id, trigger_type, scheduled_at,
    outcome, error, created_at
FROM deployment_runs WHERE deployment_id = $1 AND scheduled_at = $2 AND trigger_type = 'schedule';

-- name: latest_session_status
-- The status of the newest Session a Deployment's Runs created (overlap checks).
SELECT s.status FROM deployment_runs r JOIN sessions s ON s.id = r.session_id
WHERE r.deployment_id = $1 AND s.deleting_at IS NULL AND s.archived_at IS NULL
ORDER BY r.created_at DESC LIMIT 1;

-- name: runs_base
SELECT workspace_id, id, deployment_id, agent_id, agent_version, session_id, trigger_type, scheduled_at,
    outcome, error, created_at
FROM deployment_runs WHERE workspace_id = $1
