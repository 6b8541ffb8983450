-- depends: 0013.outbox_trace
-- Session Threads. Every Session has a primary Thread (no parent); a coordinator's delegations
-- add child Threads. A Thread runs on an execution row of `sessions`: the primary on the
-- Session's own row, a child on a row whose id is the Thread id and whose primary_session_id
-- names the Session. That row owns the Thread's status, usage, turns, provider transcript,
-- actions, outbox row and Temporal workflow identity, exactly as a Session's row does;
-- sessions.list/get never show child rows. Ledger sequence numbers always come from the
-- Session's row, so one Session-wide sequence orders every Thread's events.
ALTER TABLE sessions ADD COLUMN primary_session_id text REFERENCES sessions (id) ON DELETE CASCADE;
ALTER TABLE sessions ADD COLUMN primary_thread_id text;
CREATE INDEX sessions_children ON sessions (primary_session_id) WHERE primary_session_id IS NOT NULL;

CREATE TABLE session_threads (
    workspace_id      text NOT NULL,
    id                text PRIMARY KEY,
    session_id        text NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    parent_thread_id  text REFERENCES session_threads (id) ON DELETE CASCADE,
    execution_id      text NOT NULL,
    agent_name        text NOT NULL,
    agent             jsonb NOT NULL,
    created_at        timestamptz NOT NULL,
    updated_at        timestamptz NOT NULL,
    archived_at       timestamptz
);
CREATE INDEX session_threads_list ON session_threads (session_id, created_at, id);
CREATE UNIQUE INDEX session_threads_one_primary ON session_threads (session_id) WHERE parent_thread_id IS NULL;

-- Backfill: one primary Thread per existing Session, and every existing event joins it.
UPDATE sessions SET primary_thread_id = 'sthr_' || substr(md5('primary:' || id), 1, 26)
WHERE primary_session_id IS NULL;
INSERT INTO session_threads (workspace_id, id, session_id, parent_thread_id, execution_id, agent_name, agent,
                             created_at, updated_at)
SELECT workspace_id, primary_thread_id, id, NULL, id, coalesce(agent_snapshot ->> 'name', ''),
       agent_snapshot - 'multiagent', created_at, created_at
FROM sessions WHERE primary_session_id IS NULL;

ALTER TABLE session_events ADD COLUMN session_thread_id text;
UPDATE session_events e SET session_thread_id = s.primary_thread_id FROM sessions s WHERE s.id = e.session_id;
ALTER TABLE session_events ALTER COLUMN session_thread_id SET NOT NULL;

-- Reports from child Threads (agent.thread_message_received) are turn triggers like user.message.
DROP INDEX session_events_pending;
CREATE INDEX session_events_pending ON session_events (session_id, seq)
    WHERE processed_at IS NULL AND type IN ('user.message', 'agent.thread_message_received');
