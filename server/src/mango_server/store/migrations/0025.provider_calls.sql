-- depends: 0024.recipe_parts
-- The operation journal of provider calls: one row per attempt to send a recorded model request
-- (``model_requests``, whose id is the round's ``span.model_request_start``). An attempt is
-- ``prepared`` in the transaction that prepares the round, ``started`` just before its HTTP call is
-- sent, and ends ``completed`` (its response was committed: the only attempt whose usage counts in
-- the Session's usage and budget), ``failed`` (the provider answered an error) or ``abandoned``
-- (its executor stopped after preparing or starting it, or its response was not committed because
-- the round had moved on). A re-run of the round after a crash opens the next attempt and abandons
-- the open ones. ``usage`` is what the provider reported for this attempt, when it answered.
CREATE TABLE provider_calls (
    workspace_id        text NOT NULL,
    session_id          text NOT NULL,
    request_id          text NOT NULL REFERENCES model_requests (id) ON DELETE CASCADE,
    attempt             integer NOT NULL CHECK (attempt > 0),
    state               text NOT NULL CHECK (state IN ('prepared', 'started', 'completed', 'failed', 'abandoned')),
    provider_request_id text,
    usage               jsonb,
    error_type          text,
    prepared_at         timestamptz NOT NULL,
    started_at          timestamptz,
    ended_at            timestamptz,
    PRIMARY KEY (request_id, attempt),
    FOREIGN KEY (workspace_id, session_id) REFERENCES sessions (workspace_id, id) ON DELETE CASCADE
);
-- A request's usage is counted once: at most one of its attempts is ever committed.
CREATE UNIQUE INDEX provider_calls_one_completed ON provider_calls (request_id) WHERE state = 'completed';
CREATE INDEX provider_calls_session ON provider_calls (session_id);
