#!/usr/bin/env bash
# Soak: a day's mixed load against the real server, rate limits on as shipped, for MINUTES
# (default 30): reads from 200 loopback addresses, 20 API writes/s, dashboard writes, 10 webhook
# subscriptions, polls and owner logins. Prints a table per minute (RSS, descriptors,
# goroutines, WAL, p99) and fails if a series grows without end, an answer is a 5xx or
# "locked", or a delivery is missing (bench/RELIABILITY.md, Soak). CI runs it for 5 minutes.
#
#   bash bench/soak.sh [minutes] [extra bench/soak flags...]
source "$(dirname "$0")/lib.sh"
minutes=${1:-30}
shift || true
port=${SOAK_PORT:-$(free_port)}
pprof=127.0.0.1:${SOAK_PPROF_PORT:-$(free_port)}
build_server
go build -o "$work/soak" ./bench/soak
cca seed >/dev/null
# CCA_DEBUG_PPROF: the goroutine count and the writer pool's queueing (loopback only, off by default).
CCA_DEBUG_PPROF=$pprof start_server "$port"
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)"
"$work/soak" -url "http://127.0.0.1:$port" -pid "$server" -data "$data" -pprof "$pprof" \
  -owner-email "$owner_email" -owner-password "$owner_password" -duration "${minutes}m" "$@" && status=0 || status=$?
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
exit $status
