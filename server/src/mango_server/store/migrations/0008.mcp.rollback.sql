DROP TABLE mcp_invocations;
DROP TABLE mcp_discoveries;
