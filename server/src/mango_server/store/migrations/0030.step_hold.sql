-- depends: 0029.trigger_index
-- A Session's step hold (``orchestration.holds``): while ``held_until`` is in the future, the
-- orchestrator that ran the Session's last step is listening for its next input, so an append that
-- would arm the Session's outbox wakeup (``append_events``) leaves it unarmed and the input is run
-- in-process, without a Temporal signal and workflow task. NULL (every existing row) is not held.
-- Adding a nullable column without a default rewrites nothing.
ALTER TABLE sessions ADD COLUMN held_until timestamptz;
