#!/usr/bin/env bash
# Build the release artifacts into dist/: a wheel per Python package, the TypeScript SDK's npm
# tarball, BUILD-INFO (version + source revision) and SHA256SUMS over all of them.
#
# Usage: scripts/dist.sh [OUT_DIR]          (default: dist)
# Every package must carry the same version (the one in server/pyproject.toml): the script fails
# naming the package that differs. pip builds each wheel in an isolated environment (setuptools from
# the package index or its cache), like worker/image/build.sh.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$(mkdir -p "${1:-$ROOT/dist}" && cd "${1:-$ROOT/dist}" && pwd)"
PY="${PY:-$ROOT/.venv/bin/python}"
[[ -x "$PY" ]] || PY=python3
PACKAGES=(sdk-python server worker conformance generators)

version_of() { sed -n 's/^version = "\(.*\)"$/\1/p' "$ROOT/$1/pyproject.toml" | head -1; }
VERSION="$(version_of server)"
for pkg in "${PACKAGES[@]}"; do
    [[ "$(version_of "$pkg")" == "$VERSION" ]] || { echo "dist: $pkg/pyproject.toml is not version $VERSION" >&2; exit 1; }
done
ts_version="$(node -p 'require(process.argv[1]).version' "$ROOT/sdk-typescript/package.json")"
[[ "$ts_version" == "$VERSION" ]] || { echo "dist: sdk-typescript/package.json is $ts_version, not $VERSION" >&2; exit 1; }

rm -f "$OUT"/*.whl "$OUT"/*.tgz "$OUT/SHA256SUMS" "$OUT/BUILD-INFO"
for pkg in "${PACKAGES[@]}"; do
    echo "==> wheel $pkg $VERSION" >&2
    "$PY" -m pip wheel --quiet --no-deps --wheel-dir "$OUT" "$ROOT/$pkg" >&2
done
echo "==> npm tarball sdk-typescript $VERSION" >&2
make --no-print-directory -C "$ROOT/sdk-typescript" build >&2
(cd "$ROOT/sdk-typescript" && npm pack --silent --pack-destination "$OUT" >/dev/null)

revision="$(git -C "$ROOT" rev-parse HEAD 2>/dev/null || echo unknown)"
dirty="$(git -C "$ROOT" status --porcelain 2>/dev/null | head -1)"
printf 'version=%s\nrevision=%s%s\n' "$VERSION" "$revision" "${dirty:+-dirty}" >"$OUT/BUILD-INFO"
(cd "$OUT" && sha256sum -- *.whl *.tgz BUILD-INFO >SHA256SUMS)
echo "==> dist/ ready: $(ls "$OUT" | wc -l) files, version $VERSION" >&2
echo "$OUT"
