#!/bin/bash
# HEALTHCHECK of the apps image: the HTTP apps must answer /healthz; the stream processors
# (extractor, classifier, projector) have no HTTP endpoint, so for them the check is that the
# container's main process is alive (Docker restarts a processor that exits).
cmd="$(tr '\0' ' ' < /proc/1/cmdline)"
check=/app/infra/images/common/http-check.sh
case "$cmd" in
  *apps/api/*) exec "$check" "${FILESCAN_API_PORT:-8080}" /healthz ;;
  *apps/geoip/*) exec "$check" "${FILESCAN_GEOIP_PORT:-8081}" /healthz ;;
  *apps/llm-local/*) exec "$check" "${FILESCAN_LLM_LOCAL_PORT:-8090}" /healthz ;;
  *) kill -0 1 ;;
esac
