-- name: insert_outcome
INSERT INTO session_outcomes (workspace_id, session_id, id, event_id, description, rubric, rubric_text,
                              max_iterations, created_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9);

-- name: supersede_active
-- A newer outcome replaces the one still being worked on (it ends as interrupted).
UPDATE session_outcomes SET state = 'interrupted' WHERE session_id = $1 AND state = 'active'
RETURNING id;

-- name: active_outcome
SELECT workspace_id, session_id, id, event_id, description, rubric, rubric_text, max_iterations, state,
    created_at
FROM session_outcomes WHERE session_id = $1 AND state = 'active' ORDER BY created_at DESC LIMIT 1;

-- name: set_state
UPDATE session_outcomes SET state = $2 WHERE id = $1;

-- name: completed_count
SELECT count(*) FROM outcome_evaluations WHERE outcome_id = $1 AND result IS NOT NULL;

-- name: get_evaluation
SELECT workspace_id, session_id, outcome_id, iteration, start_event_id, result, explanation, created_at,
    completed_at
FROM outcome_evaluations WHERE outcome_id = $1 AND iteration = $2;

-- name: start_evaluation
INSERT INTO outcome_evaluations (workspace_id, session_id, outcome_id, iteration, start_event_id, created_at)
VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (outcome_id, iteration) DO NOTHING;

-- name: complete_evaluation
UPDATE outcome_evaluations SET result = $3, explanation = $4, completed_at = $5
WHERE outcome_id = $1 AND iteration = $2 AND result IS NULL;

-- name: project_evaluation
-- Append one completed evaluation to the Session's public projection.
UPDATE sessions SET outcome_evaluations = outcome_evaluations || jsonb_build_array($2::jsonb) WHERE id = $1;

-- name: answer_payloads
-- The agent's messages after an anchor event (the trigger of the iteration), newest first, bounded.
SELECT e.payload FROM session_events e
WHERE e.session_id = $1 AND e.type = 'agent.message'
  AND e.seq > coalesce((SELECT a.seq FROM session_events a WHERE a.session_id = $1 AND a.id = $2), 0)
ORDER BY e.seq DESC LIMIT 20;

-- name: outcome_by_event
SELECT workspace_id, session_id, id, event_id, description, rubric, rubric_text, max_iterations, state,
    created_at
FROM session_outcomes WHERE event_id = $1;

-- name: get_outcome
SELECT workspace_id, session_id, id, event_id, description, rubric, rubric_text, max_iterations, state,
    created_at
FROM session_outcomes WHERE id = $1;
