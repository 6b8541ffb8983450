-- name: append_events
-- One round trip for a whole append: reserve the sequence numbers on the Session row (a child
-- Thread's execution row takes its numbers from its Session's row, so there is one Session-wide
-- order, and that row's lock makes sequence order commit order) and insert the events in order.
-- An event without an explicit Thread ($9 entry NULL) belongs to the Thread the execution row
-- runs. Returns the first sequence number, the events' Threads in order, whether the row is a
-- Session's own (not a child Thread's) and, for a Session's own row, whether its Workspace has an
-- enabled webhook endpoint (when it has none, no status event can queue a notification, and the
-- caller skips the per-event subscription lookups); no row when the Session is gone.
-- Two more steps of the write path may ride in the same statement (``store.events.append``):
-- a Session's own row may change its status projection in the same UPDATE ($10, NULL for none;
-- stop reason $11, usage $12 when not NULL) at the append's time $8, by the rules ``set_status``
-- applies (``mango_active_seconds``, ``mango_running_since``, migration 0020); the new
-- active_seconds and running_since are returned. A child Thread's row never does (its sequence
-- row is its Session's): no row is answered then. When $13 is true, the append also arms the
-- row's outbox wakeup ('wake', traceparent $14) through ``mango_arm_outbox``, as upsert_outbox does,
-- unless the row is a Session's own whose step hold is running (``held_until``, migration 0030): the
-- orchestrator holding it runs the input in-process. The hold is read from the row this UPDATE
-- locked, as it is after the lock: a hold is released (``release_session``) only after every append
-- that saw it has committed, and the step that follows the release reads what they appended. $15
-- (seconds, NULL for none) takes a Session's own row's step hold in the same UPDATE: the step whose
-- commit leaves the Session idle holds it from that commit on, before anyone can see it idle.
WITH execution AS (
    SELECT coalesce(primary_session_id, id) AS sequence_row, coalesce(primary_thread_id, id) AS thread_id,
           primary_session_id IS NULL AS is_primary
    FROM sessions WHERE id = $2
), reserved AS (
    UPDATE sessions SET next_seq = next_seq + cardinality($3::text[]),
        status = coalesce($10::text, status),
        stop_reason = CASE WHEN $10::text IS NULL THEN stop_reason ELSE $11::jsonb END,
        usage = coalesce($12::jsonb, usage),
        updated_at = CASE WHEN $10::text IS NULL THEN updated_at ELSE $8 END,
        active_seconds = mango_active_seconds(active_seconds, running_since, $10::text, $8),
        running_since = mango_running_since(running_since, $10::text, $8),
        held_until = CASE WHEN $15::float8 IS NULL OR id <> $2 THEN held_until
                          ELSE clock_timestamp() + make_interval(secs => $15::float8) END
    WHERE id = (SELECT sequence_row FROM execution) AND ($10::text IS NULL OR id = $2)
    RETURNING next_seq - cardinality($3::text[]) AS first, active_seconds, running_since,
        id = $2 AND coalesce(held_until > clock_timestamp(), false) AS held
), inserted AS (
    INSERT INTO session_events (workspace_id, session_id, seq, id, type, payload, trigger_id, processed_at, created_at,
                                session_thread_id)
    SELECT $1, $2, reserved.first + e.ord - 1, e.id, e.type, e.payload, e.trigger_id, e.processed_at, $8,
           coalesce(e.thread_id, execution.thread_id)
    FROM reserved, execution,
         unnest($3::text[], $4::text[], $5::jsonb[], $6::text[], $7::timestamptz[], $9::text[])
             WITH ORDINALITY AS e (id, type, payload, trigger_id, processed_at, thread_id, ord)
    RETURNING seq, session_thread_id
)
SELECT reserved.first, reserved.active_seconds, reserved.running_since, execution.is_primary,
       (SELECT array_agg(session_thread_id ORDER BY seq) FROM inserted) AS thread_ids,
       execution.is_primary AND EXISTS (SELECT 1 FROM webhooks WHERE workspace_id = $1 AND enabled) AS notifies,
       CASE WHEN $13::boolean AND NOT reserved.held THEN mango_arm_outbox($2, $1, 'wake', $14::text)
            ELSE false END AS armed
FROM reserved, execution;

-- name: event_exists
SELECT 1 FROM session_events WHERE id = $1;

-- name: find_event
SELECT workspace_id, session_id, seq, id, type, payload, trigger_id, processed_at, created_at,
    session_thread_id
FROM session_events WHERE session_id = $1 AND id = $2;

-- name: events_after
SELECT workspace_id, session_id, seq, id, type, payload, trigger_id, processed_at, created_at,
    session_thread_id
FROM session_events WHERE session_id = $1 AND seq > $2 ORDER BY seq LIMIT $3;

-- name: list_base
SELECT workspace_id, session_id, seq, id, type, payload, trigger_id, processed_at, created_at,
    session_thread_id
FROM session_events WHERE workspace_id = $1 AND session_id = $2

-- name: next_trigger
-- Turn triggers: user messages, outcome definitions, the grader's needs-revision feedback and, on a
-- Thread, a message from another Thread (the list lives in ``mango_next_trigger``, migration 0019).
SELECT workspace_id, session_id, seq, id, type, payload, trigger_id, processed_at, created_at,
    session_thread_id
FROM mango_next_trigger($1) WHERE id IS NOT NULL;

-- name: mark_processed
UPDATE session_events SET processed_at = $2 WHERE id = ANY($1::text[]) AND processed_at IS NULL;

-- name: queued_inputs
SELECT id FROM session_events WHERE session_id = $1 AND processed_at IS NULL
  AND type IN ('user.message', 'user.define_outcome', 'span.outcome_evaluation_end', 'agent.thread_message_received');
