-- name: open_attempt
-- The next attempt of a request, ``prepared``; the attempts an earlier run of the round left open
-- (prepared or started, their executor stopped) are abandoned in the same statement. The caller holds
-- the Session's lock, so no other run numbers an attempt at the same time.
WITH abandoned AS (
    UPDATE provider_calls SET state = 'abandoned', ended_at = clock_timestamp()
    WHERE request_id = $3 AND state IN ('prepared', 'started')
)
INSERT INTO provider_calls (workspace_id, session_id, request_id, attempt, state, prepared_at)
SELECT $1, $2, $3, coalesce(max(attempt), 0) + 1, 'prepared', clock_timestamp()
FROM provider_calls WHERE request_id = $3
RETURNING attempt;

-- name: start_attempt
-- Only a prepared attempt starts: one a later run has abandoned is never sent.
UPDATE provider_calls SET state = 'started', started_at = clock_timestamp()
WHERE request_id = $1 AND attempt = $2 AND state = 'prepared'
RETURNING attempt;

-- name: finish_attempt
-- A started attempt ends as the provider and the commit decided; an abandoned one (a later run
-- reopened the request while it was still running) is corrected to what it did. ``completed`` only
-- while no attempt of the request is: a request's usage is committed once.
UPDATE provider_calls
SET state = $3, provider_request_id = $4, usage = $5, error_type = $6, ended_at = clock_timestamp()
WHERE request_id = $1 AND attempt = $2 AND state IN ('started', 'abandoned')
  AND ($3 <> 'completed' OR NOT EXISTS (
      SELECT 1 FROM provider_calls WHERE request_id = $1 AND state = 'completed'))
RETURNING attempt;

-- name: for_session
SELECT request_id, attempt, state, provider_request_id, usage, error_type, prepared_at, started_at, ended_at
FROM provider_calls WHERE session_id = $1 ORDER BY request_id, attempt;
