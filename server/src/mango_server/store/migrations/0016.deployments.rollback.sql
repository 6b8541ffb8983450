ALTER TABLE sessions DROP COLUMN outcome_evaluations;
DROP TABLE outcome_evaluations;
DROP TABLE session_outcomes;
DROP TABLE deployment_runs;
DROP TABLE deployments;
