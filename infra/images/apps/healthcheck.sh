#!/bin/bash
# HEALTHCHECK of the apps image: the HTTP apps must answer /healthz; the stream processors
# (extractor, classifier, projector) must answer /readyz on their health server, i.e. their
# consumer has joined its group and runs (and, for the projector, Elasticsearch answers).
cmd="$(tr '\0' ' ' < /proc/1/cmdline)"
check=/app/infra/images/common/http-check.sh
case "$cmd" in
  *apps/api/*) exec "$check" "${FILESCAN_API_PORT:-8080}" /healthz ;;
  *apps/geoip/*) exec "$check" "${FILESCAN_GEOIP_PORT:-8081}" /healthz ;;
  *apps/llm-local/*) exec "$check" "${FILESCAN_LLM_LOCAL_PORT:-8090}" /healthz ;;
  *apps/extractor/*) exec "$check" "${FILESCAN_EXTRACTOR_HTTP_PORT:-9102}" /readyz ;;
  *apps/classifier/*) exec "$check" "${FILESCAN_CLASSIFIER_HTTP_PORT:-${FILESCAN_CLASSIFIER_METRICS_PORT:-9101}}" /readyz ;;
  *apps/projector/*) exec "$check" "${FILESCAN_PROJECTOR_HTTP_PORT:-9103}" /readyz ;;
  *) kill -0 1 ;;
esac
