#!/usr/bin/env bash
# Push delivery on loopback: commit-to-first-delivery latency (p50, p99 over WRITES sequential
# content writes) and deliveries per second with 10 subscriptions, against the real server.
#
#   bash bench/webhooks.sh [writes, default 1000]
source "$(dirname "$0")/lib.sh"
writes=${1:-1000}
port=${WEBHOOKS_PORT:-8193}
base="http://127.0.0.1:$port"
build_server
go build -o "$work/webhooklatency" ./bench/webhooklatency
key=$(new_key bench write,webhooks)
start_server "$port" --rate-limits=off
token=$(owner_token "$base")
settings=$(curl -fs "$base/api/collections/site_settings/records" -H "Authorization: $token" | sed 's/.*"id":"\([a-z0-9]*\)".*/\1/')
curl -fs -X PATCH "$base/api/collections/site_settings/records/$settings" -H "Authorization: $token" \
  -H 'Content-Type: application/json' -d '{"webhooks_allow_private":true}' >/dev/null
echo "$(nproc) cores, $(go version | awk '{print $3}'), $writes writes"
"$work/webhooklatency" -url "$base" -key "$key" -writes "$writes"
