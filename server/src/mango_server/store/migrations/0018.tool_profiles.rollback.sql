DROP TABLE session_tool_profiles;
