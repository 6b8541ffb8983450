ALTER TABLE deployments DROP COLUMN budget;
