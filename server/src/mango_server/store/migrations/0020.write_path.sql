-- depends: 0019.turn_reads
-- The rules of the Session write path, each written once and called by every statement that
-- applies it: the clock of the status projection (``store/sql/sessions.sql`` ``set_status`` and
-- ``archive_session``, ``store/sql/events.sql`` ``append_events``) and the arming of the outbox
-- (``store/sql/outbox.sql`` ``upsert_outbox``, ``append_events``).

-- A Session's active seconds after its status becomes ``p_status`` at ``p_at`` (NULL: no change):
-- leaving ``running`` adds the time since ``running_since``. SQL and IMMUTABLE: inlined into the
-- statement that calls it.
CREATE OR REPLACE FUNCTION mango_active_seconds(
    p_active_seconds double precision, p_running_since timestamptz, p_status text, p_at timestamptz
) RETURNS double precision
LANGUAGE sql IMMUTABLE AS $$
    SELECT p_active_seconds + CASE WHEN p_status <> 'running' AND p_running_since IS NOT NULL
        THEN greatest(extract(epoch FROM p_at - p_running_since), 0) ELSE 0 END
$$;

-- Since when the Session has been running after the same change: kept while it stays running,
-- ``p_at`` when it starts, NULL once it stops (unchanged when ``p_status`` is NULL).
CREATE OR REPLACE FUNCTION mango_running_since(p_running_since timestamptz, p_status text, p_at timestamptz)
RETURNS timestamptz
LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE WHEN p_status IS NULL THEN p_running_since
        WHEN p_status = 'running' THEN coalesce(p_running_since, p_at) END
$$;

-- Arm a Session's coalescible outbox wakeup and poke the relay (the notification is delivered at
-- commit). A re-arm makes the row due at once with its attempts reset (its new ``created_at`` tells
-- the relay it was re-armed); ``wake`` is overridden by any other kind and ``delete`` overrides
-- everything; the row keeps the traceparent of the last traced writer. Returns true.
CREATE OR REPLACE FUNCTION mango_arm_outbox(p_session text, p_workspace text, p_kind text, p_traceparent text)
RETURNS boolean
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
    INSERT INTO session_outbox (session_id, workspace_id, kind, created_at, attempts, next_attempt_at, traceparent)
    VALUES (p_session, p_workspace, p_kind, clock_timestamp(), 0, now(), p_traceparent)
    ON CONFLICT (session_id) DO UPDATE
    SET kind = CASE WHEN session_outbox.kind = 'wake' THEN EXCLUDED.kind
                    WHEN EXCLUDED.kind = 'delete' THEN 'delete' ELSE session_outbox.kind END,
        created_at = clock_timestamp(), attempts = 0, next_attempt_at = now(),
        traceparent = coalesce(EXCLUDED.traceparent, session_outbox.traceparent);
    PERFORM pg_notify('mango_outbox', p_session);
    RETURN true;
END
$$;
