DROP TABLE IF EXISTS session_outbox, session_actions, provider_transcript, session_turns, session_events,
    sessions, environment_keys, environments, agent_versions, agents, api_keys, workspaces CASCADE;
