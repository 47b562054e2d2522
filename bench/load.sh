#!/usr/bin/env bash
# Load test: 200 concurrent clients, each from its own loopback address, against the real server
# with its default rate limits, for SECONDS (default 60). Checks exact rate limiting, no 5xx, and
# reports the server's memory. CI runs it for 5 seconds.
#
#   bash bench/load.sh [seconds] [clients]
set -euo pipefail
cd "$(dirname "$0")/.."
export GOTOOLCHAIN=auto
secs=${1:-60}
clients=${2:-200}
port=${LOAD_PORT:-8192}
work=$(mktemp -d)
server=""
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"' EXIT
go build -o "$work/server" .
go build -o "$work/loadtest" ./bench/loadtest
data="$work/pb_data"
"$work/server" --dev=false --dir "$data" seed >/dev/null
key=$("$work/server" --dev=false --dir "$data" keys create --name load --scopes read | grep -oE 'svc_live_[A-Za-z0-9]{38}' | head -1)
"$work/server" --dev=false --dir "$data" serve --http "127.0.0.1:$port" >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 100); do curl -fs "http://127.0.0.1:$port/api/health" >/dev/null && break; sleep 0.1; done
"$work/loadtest" -url "http://127.0.0.1:$port" -key "$key" -path /api/v1/profile \
  -clients "$clients" -duration "${secs}s" -pid "$server"
