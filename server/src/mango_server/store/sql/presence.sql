-- name: join_roles
-- A running api or orchestrator holds this lock shared, on one connection, for its whole life; an
-- operator command that needs the roles stopped (backup, restore) holds it exclusively. Advisory
-- locks are scoped to the current database, so platforms sharing a cluster do not see each other.
SELECT pg_try_advisory_lock_shared(hashtextextended('mango.roles', 0));

-- name: claim_quiet
SELECT pg_try_advisory_lock(hashtextextended('mango.roles', 0));

-- name: release_quiet
SELECT pg_advisory_unlock(hashtextextended('mango.roles', 0));

-- name: lock_holders
-- The other sessions holding the roles' lock, with the name each role gives its connection. A
-- bigint advisory key is split across classid (high 32 bits) and objid (low 32 bits).
SELECT a.pid, coalesce(a.application_name, '') AS application_name,
       coalesce(host(a.client_addr), 'local') AS client, a.backend_start
FROM pg_locks AS l
JOIN pg_stat_activity AS a ON a.pid = l.pid
WHERE l.locktype = 'advisory'
  AND l.granted
  AND l.objsubid = 1
  AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
  AND ((l.classid::bigint << 32) | l.objid::bigint) = hashtextextended('mango.roles', 0)
  AND a.pid <> pg_backend_pid()
ORDER BY a.backend_start;
