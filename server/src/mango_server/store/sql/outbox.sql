-- name: upsert_outbox
-- Arm the row and poke the relay in one round trip (the rules: ``mango_arm_outbox``, migration 0020).
SELECT mango_arm_outbox($1, $2, $3, $4);

-- name: wake_unless_held
-- Arm the row as upsert_outbox does, unless the Session's step hold is running (``held_until``,
-- migration 0030): its holder runs the input the caller appended. The caller holds the Session's row
-- lock, so a hold read here stays until the caller commits (its release waits for the lock).
SELECT mango_arm_outbox($1, $2, 'wake', $3) FROM sessions
WHERE id = $1 AND NOT coalesce(held_until > clock_timestamp(), false);

-- name: claim_due_outbox
-- Acknowledge the previous claim's delivered rows and claim due rows for one delivery attempt, in
-- one round trip. A delivered row ($3, $4) is removed unless it was re-armed since it was read (a
-- re-armed row has a newer created_at, and is due again). Rows another relay is claiming right now
-- are skipped (SKIP LOCKED), and a claimed row is hidden for $2 seconds (its claim lease), so two
-- orchestrators never deliver the same arming; a relay that dies mid-delivery loses its claim
-- when the lease ends. A re-arm (upsert_outbox) makes the row due again at once: new input. The
-- claim never takes a row this statement removes (both see one snapshot, so it is excluded by key).
-- Its commit does not wait for the WAL flush: each row it writes turns synchronous_commit off for
-- this transaction only (``relaxed``, computed in RETURNING, so a statement that writes nothing
-- changes nothing). A claim or an acknowledgement a crash loses only makes its rows due again, and
-- a repeated wakeup is harmless; the arming itself committed durably, and a later durable commit
-- flushes this one too.
WITH acked AS (
    DELETE FROM session_outbox o
    USING unnest($3::text[], $4::timestamptz[]) AS delivered (session_id, created_at)
    WHERE o.session_id = delivered.session_id AND o.created_at = delivered.created_at
    RETURNING o.session_id, set_config('synchronous_commit', 'off', true) AS relaxed
)
UPDATE session_outbox AS o SET next_attempt_at = now() + make_interval(secs => $2)
FROM (SELECT session_id FROM session_outbox WHERE next_attempt_at <= now()
        AND session_id NOT IN (SELECT session_id FROM acked)
      ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED) AS due
WHERE o.session_id = due.session_id
RETURNING o.session_id, o.workspace_id, o.kind, o.created_at, o.attempts, o.traceparent,
    set_config('synchronous_commit', 'off', true) AS relaxed;

-- name: retry_outbox
UPDATE session_outbox SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $3)
WHERE session_id = $1 AND created_at = $2;
