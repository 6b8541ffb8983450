-- name: start_call
-- The conditional start: a call is started once; a second start inserts nothing.
INSERT INTO tool_calls (workspace_id, session_id, event_id, executor, name, state, work_id, token_digest, started_at)
VALUES ($1, $2, $3, $4, $5, 'started', $6, $7, clock_timestamp())
ON CONFLICT (session_id, event_id) DO NOTHING
RETURNING workspace_id, session_id, event_id, executor, name, state, work_id, token_digest, started_at,
          finished_at;

-- name: get_call
SELECT workspace_id, session_id, event_id, executor, name, state, work_id, token_digest, started_at,
    finished_at
FROM tool_calls WHERE session_id = $1 AND event_id = $2;

-- name: finish_call
-- ``completed`` also closes a call an interrupt settled as ``ambiguous`` whose result came after all.
UPDATE tool_calls SET state = $3, finished_at = clock_timestamp()
WHERE session_id = $1 AND event_id = $2 AND (state = 'started' OR ($3 = 'completed' AND state = 'ambiguous'))
RETURNING workspace_id, session_id, event_id, executor, name, state, work_id, token_digest, started_at,
          finished_at;

-- name: stale_worker_calls
-- $1 is a Session's own row (its child Threads' calls run under the same Work); $2 its Work item.
-- Worker calls still open (their action waits for a result) that another lease than the Work's
-- current token started.
SELECT c.workspace_id, c.session_id, c.event_id, c.executor, c.name, c.state, c.work_id, c.token_digest,
    c.started_at, c.finished_at FROM tool_calls c
JOIN session_actions a ON a.session_id = c.session_id AND a.event_id = c.event_id
WHERE c.session_id IN (SELECT $1::text UNION ALL SELECT id FROM sessions WHERE primary_session_id = $1)
  AND c.executor = 'worker' AND c.state = 'started' AND a.state IN ('pending', 'allowed')
  AND c.token_digest IS DISTINCT FROM (SELECT token_digest FROM work WHERE id = $2)
ORDER BY c.started_at, c.event_id;

-- name: settle_interrupted
-- An interrupt, a terminal failure or a deletion closes the Session's open calls: started ones are
-- ambiguous (they may have taken effect).
UPDATE tool_calls SET state = 'ambiguous', finished_at = clock_timestamp()
WHERE session_id = $1 AND state = 'started';
