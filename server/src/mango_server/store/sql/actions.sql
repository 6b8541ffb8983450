-- name: insert_action
INSERT INTO session_actions (workspace_id, session_id, event_id, trigger_id, round, kind, provider_tool_use_id,
                             name, state, created_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now());

-- name: actions_for_round
SELECT workspace_id, session_id, event_id, trigger_id, round, kind, provider_tool_use_id, name, state,
    result_event_id, created_at
FROM session_actions WHERE session_id = $1 AND trigger_id = $2 AND round = $3 ORDER BY created_at, event_id;

-- name: get_action
SELECT workspace_id, session_id, event_id, trigger_id, round, kind, provider_tool_use_id, name, state,
    result_event_id, created_at
FROM session_actions WHERE session_id = $1 AND event_id = $2 FOR UPDATE;

-- name: resolve_action
UPDATE session_actions SET state = $3, result_event_id = $4 WHERE session_id = $1 AND event_id = $2;

-- name: cancel_open_actions
UPDATE session_actions SET state = 'cancelled'
WHERE session_id = $1 AND state IN ('pending', 'awaiting_confirmation', 'allowed');

-- name: allowed_of_kind
SELECT workspace_id, session_id, event_id, trigger_id, round, kind, provider_tool_use_id, name, state,
    result_event_id, created_at
FROM session_actions WHERE session_id = $1 AND kind = $2 AND state = 'allowed' ORDER BY created_at, event_id;
