-- depends: 0013.outbox_trace
-- Scheduled Deployments and their immutable Runs, and Session outcomes with their evaluations.

-- A Deployment: what a Run creates (Agent, Environment, initial events) and when (a cron
-- schedule in a time zone, carried out by a Temporal Schedule). ``revision`` counts changes
-- the Schedule must follow; the orchestrator's scheduler sets ``synced_revision`` once the
-- Temporal Schedule matches, so a lost sync costs latency only.
CREATE TABLE deployments (
    workspace_id      text NOT NULL REFERENCES workspaces(id),
    id                text NOT NULL,
    name              text NOT NULL,
    description       text,
    agent_id          text NOT NULL,
    agent_version     integer,
    environment_id    text NOT NULL,
    initial_events    jsonb NOT NULL,
    metadata          jsonb NOT NULL DEFAULT '{}',
    schedule          jsonb,
    overlap_policy    text NOT NULL DEFAULT 'skip',
    status            text NOT NULL DEFAULT 'active',
    paused_reason     jsonb,
    revision          bigint NOT NULL DEFAULT 1,
    synced_revision   bigint NOT NULL DEFAULT 0,
    upcoming_runs_at  jsonb NOT NULL DEFAULT '[]',
    last_run_at       timestamptz,
    created_at        timestamptz NOT NULL,
    updated_at        timestamptz NOT NULL,
    archived_at       timestamptz,
    PRIMARY KEY (workspace_id, id),
    UNIQUE (id)
);
CREATE INDEX deployments_list ON deployments (workspace_id, created_at DESC, id DESC);
CREATE INDEX deployments_unsynced ON deployments (updated_at) WHERE synced_revision < revision;

-- One Run per firing (or manual run): its Session, or why none was created. A scheduled Run is
-- unique per (Deployment, scheduled time), so a retried Schedule action never creates two.
CREATE TABLE deployment_runs (
    workspace_id    text NOT NULL,
    id              text NOT NULL,
    deployment_id   text NOT NULL,
    agent_id        text NOT NULL,
    agent_version   integer,
    session_id      text,
    trigger_type    text NOT NULL,
    scheduled_at    timestamptz,
    outcome         text NOT NULL,
    error           jsonb,
    created_at      timestamptz NOT NULL,
    PRIMARY KEY (workspace_id, id),
    UNIQUE (id),
    FOREIGN KEY (workspace_id, deployment_id) REFERENCES deployments (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX deployment_runs_list ON deployment_runs (workspace_id, created_at DESC, id DESC);
CREATE UNIQUE INDEX deployment_runs_scheduled ON deployment_runs (deployment_id, scheduled_at)
    WHERE trigger_type = 'schedule';

-- A Session's outcome (``user.define_outcome``): the rubric as text (a File rubric is
-- snapshotted at admission), the iteration budget and where the grading loop stands.
CREATE TABLE session_outcomes (
    workspace_id    text NOT NULL,
    session_id      text NOT NULL,
    id              text NOT NULL,
    event_id        text NOT NULL,
    description     text NOT NULL,
    rubric          jsonb NOT NULL,
    rubric_text     text NOT NULL,
    max_iterations  integer NOT NULL,
    state           text NOT NULL DEFAULT 'active',
    created_at      timestamptz NOT NULL,
    PRIMARY KEY (id),
    FOREIGN KEY (workspace_id, session_id) REFERENCES sessions (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX session_outcomes_session ON session_outcomes (session_id, created_at);

-- One grading of one iteration of an outcome; ``result`` is null while the grader runs.
CREATE TABLE outcome_evaluations (
    workspace_id    text NOT NULL,
    session_id      text NOT NULL,
    outcome_id      text NOT NULL REFERENCES session_outcomes (id) ON DELETE CASCADE,
    iteration       integer NOT NULL,
    start_event_id  text NOT NULL,
    result          text,
    explanation     text,
    created_at      timestamptz NOT NULL,
    completed_at    timestamptz,
    PRIMARY KEY (outcome_id, iteration)
);
CREATE INDEX outcome_evaluations_session ON outcome_evaluations (session_id, created_at);

-- The public projection of a Session's completed outcome evaluations (``Session.outcome_evaluations``).
ALTER TABLE sessions ADD COLUMN outcome_evaluations jsonb NOT NULL DEFAULT '[]';
