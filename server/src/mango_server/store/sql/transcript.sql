-- name: transcript_for_context
SELECT t.trigger_id, t.position, t.role, t.blocks
FROM provider_transcript t JOIN session_events e ON e.id = t.trigger_id
WHERE t.session_id = $1 AND (e.processed_at IS NOT NULL OR t.trigger_id = $2)
ORDER BY e.seq, t.position;

-- name: append_transcript
-- One message after the turn's last one, in one round trip (the caller holds the Session's lock,
-- so no other writer takes the same position; a re-run that writes it again is a no-op).
INSERT INTO provider_transcript (workspace_id, session_id, trigger_id, position, role, blocks, created_at)
SELECT $1::text, $2::text, $3::text, coalesce(max(position) + 1, 0), $4::text, $5::json, now()
FROM provider_transcript WHERE session_id = $2 AND trigger_id = $3
ON CONFLICT (session_id, trigger_id, position) DO NOTHING;

-- name: append_answer
-- A model's answer in one round trip: its message after the turn's last one (as ``append_transcript``),
-- the completion of the request it answers (``model_requests``: usage, provider id, anchor) and,
-- when the answer ends the turn ($9), the turn's close without flushing the queue: the turn is done,
-- its trigger processed ($10) and the inputs still queued are answered (every part of the statement
-- sees its snapshot, so the trigger being marked is excluded by id). No row when $9 is false.
WITH completed AS (
    UPDATE model_requests SET usage = $5, provider_request_id = $6, anchor = $7, completed_at = now()
    WHERE session_id = $2 AND id = $8
), message AS (
    INSERT INTO provider_transcript (workspace_id, session_id, trigger_id, position, role, blocks, created_at)
    SELECT $1::text, $2::text, $3::text, coalesce(max(position) + 1, 0), 'assistant', $4::json, now()
    FROM provider_transcript WHERE session_id = $2 AND trigger_id = $3
    ON CONFLICT (session_id, trigger_id, position) DO NOTHING
), done AS (
    UPDATE session_turns SET state = 'done', round = 0, attempt_errors = 0, updated_at = now()
    WHERE $9 AND session_id = $2 AND trigger_id = $3
), marked AS (
    UPDATE session_events SET processed_at = $10 WHERE $9 AND id = $3 AND processed_at IS NULL
)
SELECT id FROM session_events WHERE $9 AND session_id = $2 AND processed_at IS NULL AND id <> $3
  -- the trigger types of events.sql's next_trigger
  AND type IN ('user.message', 'user.define_outcome', 'span.outcome_evaluation_end', 'agent.thread_message_received');

-- name: transcript_for_projection
SELECT t.trigger_id, t.position, t.role, t.blocks
FROM provider_transcript t JOIN session_events e ON e.id = t.trigger_id
WHERE t.session_id = $1 AND (e.processed_at IS NOT NULL OR t.trigger_id = $2)
  AND ((t.trigger_id, t.position) IN (SELECT * FROM unnest($3::text[], $4::integer[]))
       OR (e.seq, t.position) >= ((SELECT h.seq FROM session_events h WHERE h.id = $5), $6))
ORDER BY e.seq, t.position;

-- name: round_start
-- What admitting a round starts from, in one round trip: the newest compaction (its columns NULL
-- when there is none), the usage anchor of the newest answered request (NULL before any), the
-- model endpoint the Session pinned (what its first request's recipe recorded; NULL before any),
-- what the stored form of its newest recipe tells the next one (``store.context.PreviousRecipe``)
-- and, for a Session without compaction (NULL when there is one: its projection decides which rows
-- to read), the rows ``transcript_for_context`` reads whose trigger comes after ledger seq $3 (0:
-- all of them), in its order, as one JSON array, with what checks a cache of the rows up to $3
-- (``store.transcript.TranscriptCache``): how many rows the Session has in all, and how many
-- after $3 the array leaves out (their trigger is neither processed nor the current one).
-- The rows after $3 are found from the ledger's (session_id, seq) key, so the statement reads the
-- rows it returns and counts the others from the transcript's key.
SELECT c.id, c.parent_id, c.trigger_id, c.mode, c.policy_version, c.projection, c.pre_tokens, c.post_tokens,
       (SELECT anchor FROM model_requests WHERE session_id = $1 AND anchor IS NOT NULL ORDER BY seq DESC LIMIT 1)
           AS anchor,
       (SELECT recipe->'endpoint' FROM model_requests WHERE session_id = $1 ORDER BY seq LIMIT 1) AS endpoint,
       (SELECT json_build_object(
                   'id', id, 'count', (recipe->>'entries_count')::integer, 'digest', recipe->>'entries_digest',
                   'system', recipe->'system'->>'part', 'tools', recipe->'tools'->>'part',
                   'tool_config', recipe->'tool_config'->>'part')
        FROM model_requests WHERE session_id = $1 ORDER BY seq DESC LIMIT 1) AS previous,
       CASE WHEN c.id IS NULL THEN tail.rows END AS transcript,
       CASE WHEN c.id IS NULL THEN tail.left_out END AS transcript_left_out,
       CASE WHEN c.id IS NULL THEN (SELECT count(*) FROM provider_transcript WHERE session_id = $1) END
           AS transcript_total
FROM (SELECT) AS one
LEFT JOIN LATERAL (
    SELECT workspace_id, session_id, id, seq, parent_id, trigger_id, mode, policy_version, projection,
        pre_tokens, post_tokens, created_at
    FROM context_compactions WHERE session_id = $1 ORDER BY seq DESC LIMIT 1
) AS c ON true
LEFT JOIN LATERAL (
    SELECT coalesce(json_agg(json_build_object(
               'trigger_id', t.trigger_id, 'position', t.position, 'role', t.role, 'blocks', t.blocks,
               'seq', e.seq, 'processed', e.processed_at IS NOT NULL, 'size', octet_length(t.blocks::text)
           ) ORDER BY e.seq, t.position) FILTER (WHERE e.processed_at IS NOT NULL OR t.trigger_id = $2),
           '[]'::json) AS rows,
           count(*) FILTER (WHERE e.processed_at IS NULL AND t.trigger_id <> $2) AS left_out
    FROM session_events e JOIN provider_transcript t ON t.session_id = e.session_id AND t.trigger_id = e.id
    WHERE e.session_id = $1 AND e.seq > $3 AND c.id IS NULL  -- a compacted Session reads no rows here
) AS tail ON true;
