#!/usr/bin/env bash
# What a write costs (issue 33), in one run on one server: v1 creates and updates of posts with
# 16 requests in flight and 50 push subscriptions on loopback receivers, and PocketBase's own records API creating the same posts as the owner,
# with the ratio; then a CPU profile of v1 creates, its top functions printed (the table in
# bench/README.md, "Writes", is read from it).
#
#   bash bench/write.sh [posts a phase, default 2000] [in flight, default 16]
source "$(dirname "$0")/lib.sh"
posts=${1:-2000}
inflight=${2:-16}
port=$(free_port)
pprof=127.0.0.1:$(free_port)
base="http://127.0.0.1:$port"
build_server
go build -o "$work/writebench" ./bench/writebench
key=$(new_key "write bench" read,write,webhooks)
CCA_DEBUG_PPROF=$pprof start_server "$port" --rate-limits=off
token=$(owner_token "$base")
settings=$(curl -fs "$base/api/collections/site_settings/records" -H "Authorization: $token" | sed 's/.*"id":"\([a-z0-9]*\)".*/\1/')
curl -fs -X PATCH "$base/api/collections/site_settings/records/$settings" -H "Authorization: $token" \
  -H 'Content-Type: application/json' -d '{"webhooks_allow_private":true}' >/dev/null # the receivers are on loopback
echo "$(nproc) cores, $(go version | awk '{print $3}'), load $(cut -d' ' -f1-3 /proc/loadavg)"
"$work/writebench" -url "$base" -key "$key" -owner-token "$token" -posts "$posts" -in-flight "$inflight" \
  -subs "${WRITE_SUBS:-50}" -pid "$server" -pprof "$pprof" -profile "$work/create.pprof"
echo "== CPU profile of v1 creates (10 s), by cumulative time"
go tool pprof -top -cum -nodecount=60 "$work/server" "$work/create.pprof" 2>/dev/null | sed -n "1,70p"
cp "$work/create.pprof" "${WRITE_PROFILE:-/dev/null}"
