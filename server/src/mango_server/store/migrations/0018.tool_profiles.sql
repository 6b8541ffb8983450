-- depends: 0013.outbox_trace
-- The tool profile a Session pinned at its first round: whether its model endpoint runs web_fetch
-- natively or the platform-managed executor answers it. Chosen once, so a Session never switches.
CREATE TABLE session_tool_profiles (
    workspace_id  text NOT NULL,
    session_id    text NOT NULL PRIMARY KEY,
    web_fetch     text NOT NULL CHECK (web_fetch IN ('native', 'managed')),
    pinned_at     timestamptz NOT NULL,
    FOREIGN KEY (workspace_id, session_id) REFERENCES sessions (workspace_id, id) ON DELETE CASCADE
);
