-- depends: 0018.tool_profiles
-- Reads that must see what the writer a lock waited for committed, made callable from the statement
-- that takes the lock. Under READ COMMITTED a statement reads the snapshot it started with, except
-- for the rows it locks, which it re-reads as the writer it waited for left them. A VOLATILE function
-- takes a fresh snapshot for each query it runs, so a statement that calls one on the rows it has
-- just locked (``FROM (SELECT ... FOR UPDATE) AS l CROSS JOIN LATERAL f(l.id)``) reads after the lock,
-- as a second statement would, in the same round trip. PL/pgSQL, so the planner never inlines them
-- into the caller's snapshot. STRICT: a NULL argument skips the read (a row of NULLs).

-- A Session's (or a child Thread's execution row's) turn that is not done, if any (at most one).
CREATE OR REPLACE FUNCTION mango_active_turn(p_session text) RETURNS session_turns
LANGUAGE plpgsql VOLATILE STRICT AS $$
DECLARE
    active session_turns;
BEGIN
    SELECT * INTO active FROM session_turns WHERE session_id = p_session AND state <> 'done';
    RETURN active;
END
$$;

-- Its next turn trigger (``store/sql/events.sql`` ``next_trigger`` reads it through this function).
CREATE OR REPLACE FUNCTION mango_next_trigger(p_session text) RETURNS session_events
LANGUAGE plpgsql VOLATILE STRICT AS $$
DECLARE
    next_event session_events;
BEGIN
    SELECT * INTO next_event FROM session_events
    WHERE session_id = p_session AND processed_at IS NULL
      AND type IN ('user.message', 'user.define_outcome', 'span.outcome_evaluation_end', 'agent.thread_message_received')
    ORDER BY seq LIMIT 1;
    RETURN next_event;
END
$$;
