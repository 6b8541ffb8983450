ALTER TABLE mcp_discoveries DROP COLUMN last_error_at;
ALTER TABLE mcp_discoveries DROP COLUMN last_error;
ALTER TABLE mcp_discoveries DROP COLUMN last_discovered_at;
