ALTER TABLE provider_transcript ALTER COLUMN blocks TYPE jsonb USING blocks::jsonb;
