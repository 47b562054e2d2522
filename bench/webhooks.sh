#!/usr/bin/env bash
# Push delivery on loopback: commit-to-first-delivery latency (p50, p99 over WRITES sequential
# content writes) and deliveries per second with 10 subscriptions, against the real server.
#
#   bash bench/webhooks.sh [writes, default 1000]
set -euo pipefail
cd "$(dirname "$0")/.."
export GOTOOLCHAIN=auto
writes=${1:-1000}
port=${WEBHOOKS_PORT:-8193}
base="http://127.0.0.1:$port"
work=$(mktemp -d)
server=""
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"' EXIT
go build -o "$work/server" .
go build -o "$work/webhooklatency" ./bench/webhooklatency
data="$work/pb_data"
"$work/server" --dev=false --dir "$data" superuser upsert bench@example.com 'bench password 123' >/dev/null
key=$("$work/server" --dev=false --dir "$data" keys create --name bench --scopes write,webhooks | grep -oE 'svc_live_[A-Za-z0-9]{38}' | head -1)
"$work/server" --dev=false --dir "$data" serve --http "127.0.0.1:$port" --rate-limits=off >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 100); do curl -fs "$base/api/health" >/dev/null && break; sleep 0.1; done
token=$(curl -fs -X POST "$base/api/collections/_superusers/auth-with-password" -H 'Content-Type: application/json' \
  -d '{"identity":"bench@example.com","password":"bench password 123"}' | sed 's/.*"token":"\([^"]*\)".*/\1/')
settings=$(curl -fs "$base/api/collections/site_settings/records" -H "Authorization: $token" | sed 's/.*"id":"\([a-z0-9]*\)".*/\1/')
curl -fs -X PATCH "$base/api/collections/site_settings/records/$settings" -H "Authorization: $token" \
  -H 'Content-Type: application/json' -d '{"webhooks_allow_private":true}' >/dev/null
echo "$(nproc) cores, $(go version | awk '{print $3}'), $writes writes"
"$work/webhooklatency" -url "$base" -key "$key" -writes "$writes"
