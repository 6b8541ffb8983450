-- depends: 0006.exact_transcript
-- Context engineering. A compaction is an immutable projection of a Session's provider transcript
-- (kept entry keys, shrunk tool results, one summary entry) that later requests start from; the
-- transcript rows themselves are never rewritten. A model request records the recipe of one
-- provider call (which entries, system prompt, tools, parameters, policy versions, estimate,
-- anchor, parent) and, once answered, the provider's usage and request id: the usage anchor of
-- the next admission.
CREATE TABLE context_compactions (
    workspace_id   text NOT NULL,
    session_id     text NOT NULL,
    id             text NOT NULL PRIMARY KEY,
    seq            bigint GENERATED ALWAYS AS IDENTITY,
    parent_id      text REFERENCES context_compactions (id) ON DELETE CASCADE,
    trigger_id     text NOT NULL,
    mode           text NOT NULL,
    policy_version text NOT NULL,
    projection     json NOT NULL,
    pre_tokens     integer NOT NULL,
    post_tokens    integer NOT NULL,
    created_at     timestamptz NOT NULL,
    FOREIGN KEY (workspace_id, session_id) REFERENCES sessions (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX context_compactions_latest ON context_compactions (session_id, seq DESC);

CREATE TABLE model_requests (
    workspace_id        text NOT NULL,
    session_id          text NOT NULL,
    id                  text NOT NULL PRIMARY KEY,
    seq                 bigint GENERATED ALWAYS AS IDENTITY,
    trigger_id          text NOT NULL,
    round               integer NOT NULL,
    compaction_id       text REFERENCES context_compactions (id) ON DELETE CASCADE,
    recipe              json NOT NULL,
    estimate            integer NOT NULL,
    usage               jsonb,
    provider_request_id text,
    anchor              jsonb,
    created_at          timestamptz NOT NULL,
    completed_at        timestamptz,
    FOREIGN KEY (workspace_id, session_id) REFERENCES sessions (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX model_requests_latest ON model_requests (session_id, seq DESC);

-- An optional Session budget ({"type": "limit", "max_list_cost": Money|null, "max_tokens": int|null}).
ALTER TABLE sessions ADD COLUMN budget jsonb;
