#!/usr/bin/env bash
# Push delivery on loopback, the delivery rows of issue 12 in one run, against the real server:
# (a) commit → first attempt p50/p99 while 100 writes/s fan out to 10 subscriptions for SECS
# seconds; (b) deliveries per second when 400 posts written as fast as 8 writers go fan out to
# 50 subscriptions, with the rate offered; (c) the same when the 400 posts commit at once, the
# sender's own pace. Receivers answer 200 at once; each phase gives the server's CPU time a
# delivery.
#
#   bash bench/webhooks.sh [secs, default 10]
source "$(dirname "$0")/lib.sh"
secs=${1:-10}
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
# (c) commits 400 posts in one request of PocketBase's batch API.
curl -fs -X PATCH "$base/api/settings" -H "Authorization: $token" -H 'Content-Type: application/json' \
  -d '{"batch":{"enabled":true,"maxRequests":400,"timeout":120}}' >/dev/null
echo "$(nproc) cores, $(go version | awk '{print $3}'), load $(cut -d' ' -f1-3 /proc/loadavg)"
"$work/webhooklatency" -url "$base" -key "$key" -pid "$server" -owner-token "$token" \
  -rate 100 -secs "$secs" -subs 10 -burst-posts 400 -burst-subs 50 -writers 8
