DROP FUNCTION mango_arm_outbox(text, text, text, text);
DROP FUNCTION mango_running_since(timestamptz, text, timestamptz);
DROP FUNCTION mango_active_seconds(double precision, timestamptz, text, timestamptz);
