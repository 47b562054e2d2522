#!/usr/bin/env bash
# Load test: 200 concurrent clients, each from its own loopback address, against the real server
# with its default rate limits, for SECONDS (default 60). Checks exact rate limiting, no 5xx, and
# reports the server's memory. CI runs it for 5 seconds.
#
#   bash bench/load.sh [seconds] [clients]
source "$(dirname "$0")/lib.sh"
secs=${1:-60}
clients=${2:-200}
port=${LOAD_PORT:-8192}
build_server
go build -o "$work/loadtest" ./bench/loadtest
cca seed >/dev/null
key=$(new_key load read)
start_server "$port"
"$work/loadtest" -url "http://127.0.0.1:$port" -key "$key" -path /api/v1/profile \
  -clients "$clients" -duration "${secs}s" -pid "$server"
