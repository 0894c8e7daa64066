#!/bin/bash
# Writes the broker's settings (image defaults, then every KAFKA_CFG_<NAME> variable as the
# property <name>, lower case, "_" -> "."; e.g. KAFKA_CFG_ADVERTISED_LISTENERS), formats the
# storage once (cluster id from KAFKA_CLUSTER_ID or a new random one, kept in the data volume),
# then runs the broker in the foreground.
set -euo pipefail
conf=/opt/kafka/run/server.properties
cp /opt/kafka/config/server.properties "$conf"
for var in "${!KAFKA_CFG_@}"; do
  key="${var#KAFKA_CFG_}"; key="${key,,}"; key="${key//_/.}"
  grep -v "^${key//./\\.}=" "$conf" > "$conf.tmp" || true
  printf '%s=%s\n' "$key" "${!var}" >> "$conf.tmp"
  mv "$conf.tmp" "$conf"
done
cp_="/opt/kafka/libs/*"
log="-Dlog4j2.configurationFile=/opt/kafka/config/log4j2.properties"
data="$(sed -n 's/^log\.dirs=//p' "$conf")"
if [ ! -f "$data/meta.properties" ]; then
  id="${KAFKA_CLUSTER_ID:-$(java -cp "$cp_" "$log" kafka.tools.StorageTool random-uuid)}"
  # "=" form: a base64url id may start with "-"
  java -cp "$cp_" "$log" kafka.tools.StorageTool format "--cluster-id=$id" -c "$conf" --ignore-formatted
fi
# (jdk.nio.maxCachedBufferSize: without it each network and request thread keeps a direct buffer
# as large as the largest record it moved, and 48 MiB records exhaust 512 MiB of direct memory)
# shellcheck disable=SC2086 # KAFKA_HEAP_OPTS / KAFKA_OPTS hold several options
exec java $KAFKA_HEAP_OPTS -XX:+UseG1GC -Djdk.nio.maxCachedBufferSize=1048576 -Djava.awt.headless=true ${KAFKA_OPTS:-} "$log" -cp "$cp_" kafka.Kafka "$conf"
