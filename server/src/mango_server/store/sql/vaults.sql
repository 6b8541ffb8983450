-- name: insert_vault
INSERT INTO vaults (workspace_id, id, display_name, metadata, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $5)
RETURNING workspace_id, id, display_name, metadata, created_at, updated_at, archived_at;

-- name: get_vault
SELECT workspace_id, id, display_name, metadata, created_at, updated_at, archived_at
FROM vaults WHERE workspace_id = $1 AND id = $2;

-- name: lock_vault
SELECT workspace_id, id, display_name, metadata, created_at, updated_at, archived_at
FROM vaults WHERE workspace_id = $1 AND id = $2 FOR UPDATE;

-- name: update_vault
UPDATE vaults SET display_name = $3, metadata = $4, updated_at = $5
WHERE workspace_id = $1 AND id = $2
RETURNING workspace_id, id, display_name, metadata, created_at, updated_at, archived_at;

-- name: archive_vault
UPDATE vaults SET archived_at = coalesce(archived_at, $3), updated_at = $3
WHERE workspace_id = $1 AND id = $2
RETURNING workspace_id, id, display_name, metadata, created_at, updated_at, archived_at;

-- name: archive_credentials
-- Archiving a vault archives its credentials and erases their secrets: no key can read them again.
UPDATE vault_credentials SET archived_at = coalesce(archived_at, $2), updated_at = $2,
                             secret_ciphertext = NULL, secret_key_id = NULL
WHERE vault_id = $1;

-- name: delete_vault
DELETE FROM vaults WHERE workspace_id = $1 AND id = $2;

-- name: list_vaults_base
SELECT workspace_id, id, display_name, metadata, created_at, updated_at, archived_at
FROM vaults WHERE workspace_id = $1

-- name: vault_states
-- Share-locked: a vault cannot be deleted between this check and the commit that names it.
SELECT id, archived_at IS NOT NULL AS archived FROM vaults WHERE workspace_id = $1 AND id = ANY($2::text[])
ORDER BY id FOR SHARE;

-- name: vault_users
-- Who still names the vault: Sessions not archived (nor being deleted) and Deployments not archived.
(SELECT 'session' AS kind, id FROM sessions
 WHERE workspace_id = $1 AND vault_ids @> ARRAY[$2]::text[] AND archived_at IS NULL AND deleting_at IS NULL
 ORDER BY id LIMIT 3)
UNION ALL
(SELECT 'deployment' AS kind, id FROM deployments
 WHERE workspace_id = $1 AND vault_ids @> ARRAY[$2]::text[] AND archived_at IS NULL
 ORDER BY id LIMIT 3);

-- name: insert_credential
INSERT INTO vault_credentials (workspace_id, id, vault_id, display_name, metadata, kind, server_key, secret_name,
                               settings, secret_ciphertext, secret_key_id, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)
RETURNING workspace_id, id, vault_id, display_name, metadata, kind, settings,
          secret_ciphertext IS NOT NULL AS secrets_stored, created_at, updated_at, archived_at;

-- name: live_credential_keys
-- The matching keys of a vault's live credentials (the caller holds the vault's row lock).
SELECT server_key, secret_name FROM vault_credentials WHERE vault_id = $1 AND archived_at IS NULL;

-- name: get_credential
SELECT c.workspace_id, c.id, c.vault_id, c.display_name, c.metadata, c.kind, c.settings,
       c.secret_ciphertext IS NOT NULL AS secrets_stored, c.created_at, c.updated_at, c.archived_at
FROM vault_credentials c WHERE c.workspace_id = $1 AND c.vault_id = $2 AND c.id = $3;

-- name: lock_credential
SELECT workspace_id, id, vault_id, kind, settings, secret_key_id, secret_ciphertext, archived_at
FROM vault_credentials WHERE workspace_id = $1 AND vault_id = $2 AND id = $3 FOR UPDATE;

-- name: update_credential
UPDATE vault_credentials
SET display_name = $4, metadata = $5, settings = $6, secret_ciphertext = $7, secret_key_id = $8, updated_at = $9
WHERE workspace_id = $1 AND vault_id = $2 AND id = $3
RETURNING workspace_id, id, vault_id, display_name, metadata, kind, settings,
          secret_ciphertext IS NOT NULL AS secrets_stored, created_at, updated_at, archived_at;

-- name: delete_credential
DELETE FROM vault_credentials WHERE workspace_id = $1 AND vault_id = $2 AND id = $3;

-- name: list_credentials_base
SELECT workspace_id, id, vault_id, display_name, metadata, kind, settings,
       secret_ciphertext IS NOT NULL AS secrets_stored, created_at, updated_at, archived_at
FROM vault_credentials WHERE workspace_id = $1 AND vault_id = $2

-- name: credential_for_session
-- The live credential for the server key $2 in the first of the Session's live vaults that has one
-- ($1 may name a child Thread's execution row: its Session's vault list applies).
WITH named AS (
    SELECT p.workspace_id, v.vault_id, v.position
    FROM sessions x
    JOIN sessions p ON p.id = coalesce(x.primary_session_id, x.id)
    CROSS JOIN LATERAL unnest(p.vault_ids) WITH ORDINALITY AS v(vault_id, position)
    WHERE x.id = $1
)
SELECT c.workspace_id, c.id, c.vault_id, c.kind, c.settings, c.secret_key_id, c.secret_ciphertext, c.archived_at
FROM named n
JOIN vaults va ON va.workspace_id = n.workspace_id AND va.id = n.vault_id AND va.archived_at IS NULL
JOIN vault_credentials c ON c.vault_id = va.id AND c.server_key = $2 AND c.archived_at IS NULL
     AND c.kind IN ('static_bearer', 'mcp_oauth') AND c.secret_ciphertext IS NOT NULL
ORDER BY n.position
LIMIT 1;

-- name: environment_secrets_for_session
-- Every live environment_variable credential of the Session's live vaults, in vault_ids order
-- ($1 may name a child Thread's execution row: its Session's vault list applies).
WITH named AS (
    SELECT p.workspace_id, v.vault_id, v.position
    FROM sessions x
    JOIN sessions p ON p.id = coalesce(x.primary_session_id, x.id)
    CROSS JOIN LATERAL unnest(p.vault_ids) WITH ORDINALITY AS v(vault_id, position)
    WHERE x.id = $1
)
SELECT c.workspace_id, c.id, c.vault_id, c.kind, c.settings, c.secret_key_id, c.secret_ciphertext, c.archived_at
FROM named n
JOIN vaults va ON va.workspace_id = n.workspace_id AND va.id = n.vault_id AND va.archived_at IS NULL
JOIN vault_credentials c ON c.vault_id = va.id AND c.archived_at IS NULL
     AND c.kind = 'environment_variable' AND c.secret_ciphertext IS NOT NULL
ORDER BY n.position, c.id;

-- name: all_secrets
SELECT workspace_id, id, vault_id, kind, settings, secret_key_id, secret_ciphertext, archived_at
FROM vault_credentials WHERE secret_ciphertext IS NOT NULL ORDER BY id;

-- name: set_secret
UPDATE vault_credentials SET secret_ciphertext = $2, secret_key_id = $3 WHERE id = $1 AND secret_ciphertext IS NOT NULL;

-- name: count_by_key
SELECT secret_key_id, count(*) AS n FROM vault_credentials WHERE secret_key_id IS NOT NULL
GROUP BY secret_key_id ORDER BY secret_key_id;

-- name: lock_live_credential
-- An MCP credential by id, locked: the single flight of its token refresh (one holder at a time).
SELECT workspace_id, id, vault_id, kind, settings, secret_key_id, secret_ciphertext, archived_at
FROM vault_credentials WHERE id = $1 FOR UPDATE;

-- name: set_refreshed
-- A refreshed token: the new expiry in the settings and the re-encrypted secrets, together.
UPDATE vault_credentials
SET settings = $2, secret_ciphertext = $3, secret_key_id = $4, updated_at = $5
WHERE id = $1 AND archived_at IS NULL AND secret_ciphertext IS NOT NULL;

-- name: stopped_on_credential
-- The Session execution rows (primary or child Thread) of the Workspace idle on this credential's failure.
SELECT id FROM sessions
WHERE workspace_id = $1 AND status = 'idle' AND deleting_at IS NULL
  AND stop_reason->>'type' = 'credential_failed' AND stop_reason->>'credential_id' = $2;
