-- depends: 0005.session_stats
-- The provider transcript must replay the provider's blocks exactly. JSONB normalises objects
-- (it reorders keys and drops duplicates), so the blocks are kept in the textual json type,
-- which stores the document as received.
ALTER TABLE provider_transcript ALTER COLUMN blocks TYPE json USING blocks::json;
