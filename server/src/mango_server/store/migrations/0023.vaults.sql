-- depends: 0022.session_teardown
-- Vaults of a Workspace and their credentials, and the vaults Sessions and Deployments name.
--
-- A credential's secret fields (tokens, client secret, secret value) are one AES-GCM ciphertext
-- under the operator keyring's key `secret_key_id`, bound to the credential's identity; nothing
-- else in the row is secret. Archiving a vault erases its credentials' ciphertexts (both columns
-- NULL). An MCP credential is found by `server_key`, the normalised URL of its server; an
-- environment-variable secret by `secret_name`; each is unique among a vault's live credentials.
CREATE TABLE vaults (
    workspace_id     text NOT NULL REFERENCES workspaces(id),
    id               text NOT NULL,
    display_name     text NOT NULL,
    metadata         jsonb NOT NULL DEFAULT '{}',
    created_at       timestamptz NOT NULL,
    updated_at       timestamptz NOT NULL,
    archived_at      timestamptz,
    PRIMARY KEY (workspace_id, id),
    UNIQUE (id)
);
CREATE INDEX vaults_list ON vaults (workspace_id, created_at DESC, id DESC);

CREATE TABLE vault_credentials (
    workspace_id     text NOT NULL,
    id               text NOT NULL PRIMARY KEY,
    vault_id         text NOT NULL REFERENCES vaults(id) ON DELETE CASCADE,
    display_name     text,
    metadata         jsonb NOT NULL DEFAULT '{}',
    kind             text NOT NULL CHECK (kind IN ('static_bearer', 'mcp_oauth', 'environment_variable')),
    server_key       text,
    secret_name      text,
    -- The non-secret settings of the credential's kind (what responses show).
    settings         jsonb NOT NULL,
    secret_ciphertext bytea,
    secret_key_id    text,
    created_at       timestamptz NOT NULL,
    updated_at       timestamptz NOT NULL,
    archived_at      timestamptz,
    CHECK ((secret_ciphertext IS NULL) = (secret_key_id IS NULL)),
    CHECK ((kind = 'environment_variable') = (secret_name IS NOT NULL)),
    CHECK ((kind = 'environment_variable') = (server_key IS NULL))
);
CREATE INDEX vault_credentials_list ON vault_credentials (vault_id, created_at DESC, id DESC);
CREATE UNIQUE INDEX vault_credentials_one_per_server ON vault_credentials (vault_id, server_key)
    WHERE archived_at IS NULL AND server_key IS NOT NULL;
CREATE UNIQUE INDEX vault_credentials_one_per_name ON vault_credentials (vault_id, secret_name)
    WHERE archived_at IS NULL AND secret_name IS NOT NULL;

-- The vaults a Session's MCP connections take credentials from, in order (a child Thread's
-- execution row keeps '{}': its Session's list applies), and those a Deployment's Runs pass on.
ALTER TABLE sessions ADD COLUMN vault_ids text[] NOT NULL DEFAULT '{}';
ALTER TABLE deployments ADD COLUMN vault_ids text[] NOT NULL DEFAULT '{}';
CREATE INDEX sessions_vault_ids ON sessions USING gin (vault_ids);
CREATE INDEX deployments_vault_ids ON deployments USING gin (vault_ids);
