-- depends: 0020.write_path
-- The operation journal of built-in calls Mango does not run inside a transaction: worker-run
-- built-ins (``executor = 'worker'``, recorded by ``sessions.tool_calls.start`` before the worker
-- runs them) and platform-managed ``web_fetch`` (``executor = 'managed'``, recorded by the
-- orchestrator before it fetches). The call's ``session_actions`` row is its ``prepared`` state;
-- a row here is ``started`` and ends ``completed`` (a result was recorded) or ``ambiguous`` (the
-- executor stopped after starting it: its outcome is unknown and it is never run again).
-- ``token_digest`` names the Work lease (its session token) that started a worker call, so a
-- later lease of the same Session can tell that call's worker is gone.
CREATE TABLE tool_calls (
    workspace_id  text NOT NULL,
    session_id    text NOT NULL,
    event_id      text NOT NULL,
    executor      text NOT NULL CHECK (executor IN ('worker', 'managed')),
    name          text NOT NULL,
    state         text NOT NULL CHECK (state IN ('started', 'completed', 'ambiguous')),
    work_id       text,
    token_digest  bytea,
    started_at    timestamptz NOT NULL,
    finished_at   timestamptz,
    PRIMARY KEY (session_id, event_id),
    FOREIGN KEY (workspace_id, session_id) REFERENCES sessions (workspace_id, id) ON DELETE CASCADE
);
-- The calls a new lease must settle: few rows are ever ``started`` at once.
CREATE INDEX tool_calls_started ON tool_calls (session_id) WHERE state = 'started';
