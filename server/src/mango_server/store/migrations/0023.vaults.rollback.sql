DROP INDEX deployments_vault_ids;
DROP INDEX sessions_vault_ids;
ALTER TABLE deployments DROP COLUMN vault_ids;
ALTER TABLE sessions DROP COLUMN vault_ids;
DROP TABLE vault_credentials;
DROP TABLE vaults;
