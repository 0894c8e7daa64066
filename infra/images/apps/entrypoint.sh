#!/bin/bash
# The apps image's command: the app to run (api, geoip, extractor, classifier, projector,
# llm-local), `cli ARGS...` for the filescan command line, or any other command as it is.
set -euo pipefail
app="${1:-api}"
case "$app" in
  api|geoip|extractor|classifier|projector|llm-local) shift; exec node "apps/$app/src/main.ts" "$@" ;;
  cli) shift; exec node apps/cli/bin/filescan.js "$@" ;;
  *) exec "$@" ;;
esac
