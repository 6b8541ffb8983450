ALTER TABLE session_outbox DROP COLUMN traceparent;
