#!/usr/bin/env bash
# Installs Docker Compose v2 as a docker CLI plugin when `docker compose` is missing. Debian
# bookworm packages only Compose v1, so it is built from its Go module (the Go module proxy, with
# the machine's `go`; ~4 min on 2 cores, a ~65 MB binary). Idempotent.
#   bash infra/compose/install-compose.sh [PLUGIN_DIR]   (default /usr/local/lib/docker/cli-plugins)
set -euo pipefail
VERSION="${FILESCAN_COMPOSE_VERSION:-v2.40.3}"
dir="${1:-/usr/local/lib/docker/cli-plugins}"
if docker compose version --short >/dev/null 2>&1; then docker compose version; exit 0; fi
command -v go >/dev/null || { echo "Go is needed to build Docker Compose v2 (apt-get install golang, or a Go toolchain >= the module's go line)" >&2; exit 1; }
echo "building Docker Compose $VERSION from its Go module ..." >&2
src="$(go mod download -json "github.com/docker/compose/v2@$VERSION" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
[ -d "$src" ] || { echo "could not fetch github.com/docker/compose/v2@$VERSION" >&2; exit 1; }
mkdir -p "$dir"
# `go install` refuses this module (replace/exclude directives): build inside its folder instead
(cd "$src" && GOFLAGS=-mod=mod nice -n 10 go build -trimpath -ldflags "-s -w -X github.com/docker/compose/v2/internal.Version=$VERSION" -o "$dir/docker-compose.tmp" ./cmd)
mv "$dir/docker-compose.tmp" "$dir/docker-compose"
docker compose version
