ALTER TABLE sessions DROP COLUMN outcome_evaluations;
