-- depends: 0025.provider_calls
-- MCP server health per (Session execution row, thread, server): when discovery last succeeded, and
-- the last error seen with that server (a failed discovery, a failed credential or a lost call),
-- which a Thread's answer shows as `mcp_servers`. A row may hold only an error (snapshot '{}',
-- config_digest '': it matches no configuration, so it never counts as a pinned snapshot).
ALTER TABLE mcp_discoveries ADD COLUMN last_discovered_at timestamptz;
ALTER TABLE mcp_discoveries ADD COLUMN last_error text;
ALTER TABLE mcp_discoveries ADD COLUMN last_error_at timestamptz;
UPDATE mcp_discoveries SET last_discovered_at = discovered_at WHERE failed_trigger_id IS NULL;
