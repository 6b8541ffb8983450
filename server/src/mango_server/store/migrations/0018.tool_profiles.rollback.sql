DROP INDEX mcp_invocations_file_id;
DROP TABLE session_tool_profiles;
