ALTER TABLE sessions DROP COLUMN budget;
DROP TABLE model_requests;
DROP TABLE context_compactions;
