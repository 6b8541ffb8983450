-- depends: 0012.idempotency
-- The W3C traceparent of the request that armed a wakeup, so the trace of a message continues
-- through the relay into the Session workflow. NULL when the writer was not traced.
ALTER TABLE session_outbox ADD COLUMN traceparent text;
