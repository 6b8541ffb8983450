DROP TABLE tool_calls;
