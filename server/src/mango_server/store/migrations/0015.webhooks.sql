-- depends: 0013.outbox_trace
-- Webhook endpoints of a Workspace and the deliveries of their notifications.
--
-- A delivery row is written in the same transaction as the state change it announces, with the
-- exact JSON body that is signed and sent (never rebuilt), so notifications are as durable as
-- the change. The dispatcher claims due rows with FOR UPDATE SKIP LOCKED and a lease
-- (lease_owner, lease_until); `attempts` counts claimed attempts and fences the outcome write.
CREATE TABLE webhooks (
    workspace_id     text NOT NULL REFERENCES workspaces(id),
    id               text NOT NULL,
    url              text NOT NULL,
    event_types      text[] NOT NULL,
    enabled          boolean NOT NULL DEFAULT true,
    description      text,
    metadata         jsonb NOT NULL DEFAULT '{}',
    -- AES-GCM(nonce || ciphertext) of the signing secret under the operator keyring's key `secret_key_id`.
    secret_ciphertext bytea NOT NULL,
    secret_key_id    text NOT NULL,
    -- Why the server disabled the endpoint ({type, message}); NULL when enabled or disabled by the client.
    disabled_reason  jsonb,
    disabled_at      timestamptz,
    created_at       timestamptz NOT NULL,
    updated_at       timestamptz NOT NULL,
    PRIMARY KEY (workspace_id, id),
    UNIQUE (id)
);
CREATE INDEX webhooks_list ON webhooks (workspace_id, created_at DESC, id DESC);

CREATE TABLE webhook_deliveries (
    id               text PRIMARY KEY,
    workspace_id     text NOT NULL,
    webhook_id       text NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
    -- The notification id, sent as `webhook-id` on every attempt (receivers deduplicate on it).
    notification_id  text NOT NULL,
    type             text NOT NULL,
    body             bytea NOT NULL,
    state            text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
    attempts         integer NOT NULL DEFAULT 0,
    next_attempt_at  timestamptz NOT NULL DEFAULT now(),
    lease_owner      text,
    lease_until      timestamptz,
    -- The timestamp and signature of the latest attempt, stored before it was sent.
    attempt_timestamp bigint,
    attempt_signature text,
    last_status      integer,
    last_error       text,
    created_at       timestamptz NOT NULL DEFAULT now(),
    finished_at      timestamptz,
    UNIQUE (webhook_id, notification_id)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE state = 'pending';
CREATE INDEX webhook_deliveries_finished ON webhook_deliveries (finished_at) WHERE state <> 'pending';
