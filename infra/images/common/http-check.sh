#!/bin/bash
# http-check.sh PORT PATH [BODY_REGEX]: exits 0 when http://127.0.0.1:PORT/PATH answers 200 (and
# the body matches BODY_REGEX). Bash's /dev/tcp only: the images carry no curl.
port="$1" path="$2" re="${3:-}"
exec 3<>"/dev/tcp/127.0.0.1/$port" || exit 1
printf 'GET %s HTTP/1.0\r\nHost: localhost\r\nConnection: close\r\n\r\n' "$path" >&3
resp="$(timeout 5 cat <&3)" || exit 1
status="${resp%%$'\r'*}"
[[ "$status" =~ ^HTTP/1\.[01]\ 200 ]] || exit 1
[ -z "$re" ] || [[ "$resp" =~ $re ]]
