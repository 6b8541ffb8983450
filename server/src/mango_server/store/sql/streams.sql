-- name: take_stream_slot
-- A free slot of the credential's stream cap, held by this database session as an advisory lock,
-- so every api process sharing the database counts against one cap and a crashed process's slots
-- are freed with its connection. The session already holds the slots in $3 (a session may take
-- its own advisory lock again, so they must be excluded here). The filter runs row by row under
-- LIMIT 1, so at most one lock is taken.
SELECT s AS slot
FROM generate_series(0, $2::int - 1) AS s
WHERE s <> ALL($3::int[])
  AND pg_try_advisory_lock(hashtextextended('mango.sse:' || $1 || ':' || s::text, 0))
LIMIT 1;

-- name: give_back_stream_slot
SELECT pg_advisory_unlock(hashtextextended('mango.sse:' || $1 || ':' || $2::int::text, 0));
