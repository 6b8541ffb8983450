-- name: insert_webhook
INSERT INTO webhooks (workspace_id, id, url, event_types, enabled, description, metadata,
                      secret_ciphertext, secret_key_id, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)
RETURNING id, url, event_types, enabled, description, metadata, disabled_reason, disabled_at, created_at, updated_at;

-- name: get_webhook
SELECT id, url, event_types, enabled, description, metadata, disabled_reason, disabled_at, created_at, updated_at
FROM webhooks WHERE workspace_id = $1 AND id = $2;

-- name: lock_webhook
SELECT id, url, event_types, enabled, description, metadata, disabled_reason, disabled_at, created_at, updated_at
FROM webhooks WHERE workspace_id = $1 AND id = $2 FOR UPDATE;

-- name: update_webhook
-- Enabling clears the reason the server recorded when it disabled the endpoint.
UPDATE webhooks SET url = $3, event_types = $4, enabled = $5, description = $6, metadata = $7, updated_at = $8,
                    disabled_reason = CASE WHEN $5 THEN NULL ELSE disabled_reason END,
                    disabled_at = CASE WHEN $5 THEN NULL ELSE disabled_at END
WHERE workspace_id = $1 AND id = $2
RETURNING id, url, event_types, enabled, description, metadata, disabled_reason, disabled_at, created_at, updated_at;

-- name: set_secret
UPDATE webhooks SET secret_ciphertext = $3, secret_key_id = $4, updated_at = $5
WHERE workspace_id = $1 AND id = $2
RETURNING id, url, event_types, enabled, description, metadata, disabled_reason, disabled_at, created_at, updated_at;

-- name: delete_webhook
DELETE FROM webhooks WHERE workspace_id = $1 AND id = $2;

-- name: list_base
SELECT id, url, event_types, enabled, description, metadata, disabled_reason, disabled_at, created_at, updated_at
FROM webhooks WHERE workspace_id = $1

-- name: subscribed
SELECT id FROM webhooks WHERE workspace_id = $1 AND enabled AND $2 = ANY(event_types);

-- name: insert_delivery
-- One row per endpoint and notification: a retried append of the same fact adds nothing.
INSERT INTO webhook_deliveries (id, workspace_id, webhook_id, notification_id, type, body)
VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (webhook_id, notification_id) DO NOTHING;

-- name: claim_deliveries
-- Claim due attempts: rows another dispatcher is claiming right now are skipped (SKIP LOCKED),
-- and a claimed row is leased to $1 for $3 seconds, so two dispatchers never send the same
-- attempt. A dispatcher that dies mid-attempt loses the row when the lease ends; the next
-- claim is a new attempt (attempts + 1) of the same notification (same notification_id).
UPDATE webhook_deliveries AS d
SET attempts = d.attempts + 1, lease_owner = $1, lease_until = now() + make_interval(secs => $3),
    next_attempt_at = now() + make_interval(secs => $3)
FROM (SELECT dd.id FROM webhook_deliveries dd JOIN webhooks w ON w.id = dd.webhook_id
      WHERE dd.state = 'pending' AND dd.next_attempt_at <= now() AND w.enabled
      ORDER BY dd.next_attempt_at LIMIT $2 FOR UPDATE OF dd SKIP LOCKED) AS due,
     webhooks AS w
WHERE d.id = due.id AND w.id = d.webhook_id
RETURNING d.id, d.workspace_id, d.webhook_id, d.notification_id, d.type, d.body, d.attempts,
          w.url, w.secret_ciphertext, w.secret_key_id;

-- name: record_attempt
UPDATE webhook_deliveries SET attempt_timestamp = $4, attempt_signature = $5
WHERE id = $1 AND attempts = $2 AND lease_owner = $3 AND state = 'pending';

-- name: finish_delivery
-- Fenced by the attempt and the lease owner: a dispatcher whose lease ended writes nothing.
UPDATE webhook_deliveries
SET state = $4, last_status = $5, last_error = $6, lease_owner = NULL, lease_until = NULL,
    finished_at = CASE WHEN $4 = 'pending' THEN NULL ELSE now() END,
    next_attempt_at = now() + make_interval(secs => $7)
WHERE id = $1 AND attempts = $2 AND lease_owner = $3 AND state = 'pending';

-- name: disable_webhook
UPDATE webhooks SET enabled = false, disabled_reason = $2, disabled_at = now(), updated_at = now()
WHERE id = $1 AND enabled;

-- name: fail_pending
-- A disabled endpoint's queued notifications are not kept for later: no backfill.
UPDATE webhook_deliveries SET state = 'failed', last_error = $2, finished_at = now(),
                              lease_owner = NULL, lease_until = NULL
WHERE webhook_id = $1 AND state = 'pending';

-- name: delete_finished
DELETE FROM webhook_deliveries WHERE state <> 'pending' AND finished_at < $1;

-- name: all_secrets
SELECT workspace_id, id, secret_key_id, secret_ciphertext FROM webhooks ORDER BY id;

-- name: count_by_key
SELECT secret_key_id, count(*) AS n FROM webhooks GROUP BY secret_key_id ORDER BY secret_key_id;

-- name: deliveries_of
SELECT id, notification_id, type, state, attempts, last_status, last_error, body, attempt_timestamp, attempt_signature
FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY created_at, id;
