-- name: pin_web_fetch
INSERT INTO session_tool_profiles (workspace_id, session_id, web_fetch, pinned_at)
VALUES ($1, $2, $3, now())
ON CONFLICT (session_id) DO NOTHING;

-- name: get_web_fetch
SELECT web_fetch FROM session_tool_profiles WHERE session_id = $1;
