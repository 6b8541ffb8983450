"""PostgreSQL storage: connection pool, migrations, named SQL and repositories.

Driver errors are translated once, here, into domain exceptions; nothing above this package
sees asyncpg or psycopg types.
"""
