#!/usr/bin/env bash
# make.sh writes the data directory an earlier release made, for upgrade_test.go: pb_data/
# (data.db only, vacuumed; no request logs) and release.json (the secrets it made, and what the
# old server served: the record count of every collection and a few records in full).
#
# The release is commit 368b935 ("Contract: every operation lists 405…"), the last before the
# webhook_attempts, scheduled publishing, search index and feed migrations. It is built from a
# temporary clone, so the repository's own checkout is never touched. The old binary seeds the
# demo site, creates three keys, and serves while the script registers two webhook
# subscriptions over HTTP (one to a receiver that answers 200, one to a receiver that answers
# 410 Gone) and writes, edits and deletes posts: so there are content, keys, subscriptions,
# events, and succeeded and failed deliveries.
#
#   bash bench/tests/systemtest/testdata/upgrade/make.sh
#
# Needs git, go (GOTOOLCHAIN=auto fetches the toolchain the release needs), curl, jq and sqlite3.
set -euo pipefail

commit=368b935
owner_email=owner@example.com
owner_password='upgrade test password'

here=$(cd "$(dirname "$0")" && pwd)
repo=$(git -C "$here" rev-parse --show-toplevel)
tmp=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT

git clone -q "$repo" "$tmp/src"
git -C "$tmp/src" checkout -q "$commit"
(cd "$tmp/src" && GOTOOLCHAIN=auto go build -o "$tmp/server" .)

# The webhook receiver: 410 Gone on /gone, 200 elsewhere.
cat >"$tmp/receiver.go" <<'EOF'
package main

import (
	"net/http"
	"os"
)

func main() {
	http.HandleFunc("/gone", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusGone) })
	http.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {})
	panic(http.ListenAndServe(os.Args[1], nil))
}
EOF
(cd "$tmp" && GOTOOLCHAIN=auto go build -o receiver receiver.go)

free_port() {
  local port
  while :; do
    port=$((20000 + RANDOM % 30000))
    (: <"/dev/tcp/127.0.0.1/$port") 2>/dev/null || { echo "$port"; return; }
  done
}

data=$tmp/pb_data
old() { "$tmp/server" --dir "$data" "$@"; }

old superuser upsert "$owner_email" "$owner_password" >/dev/null
old seed >/dev/null
# new_key NAME SCOPES prints {"id","name","secret","scopes"} of a key made by `keys create`.
new_key() {
  local out
  out=$(old keys create --name "$1" --scopes "$2")
  jq -n --arg id "$(sed -n 's/^Key \([a-z0-9]\{15\}\) (.*/\1/p' <<<"$out")" --arg name "$1" \
    --arg secret "$(grep -o 'svc_live_[A-Za-z0-9]*' <<<"$out")" --arg scopes "$2" \
    '{id: $id, name: $name, secret: $secret, scopes: ($scopes | split(","))}'
}
keys=$(jq -s . <(new_key reader read) <(new_key writer read,write,write:webhooks) <(new_key members read:members))
writer=$(jq -r '.[] | select(.name == "writer") | .secret' <<<"$keys")

receiver=127.0.0.1:$(free_port)
"$tmp/receiver" "$receiver" &
pids+=($!)
base=http://127.0.0.1:$(free_port)
# serve starts the old server on $base; stop stops it as Ctrl-C would (it then writes the
# keys' last use, which it otherwise keeps for a minute).
serve() {
  "$tmp/server" --dir "$data" serve --http "${base#http://}" --rate-limits=off >>"$tmp/serve.log" 2>&1 &
  server=$!
  pids+=("$server")
  for _ in $(seq 600); do curl -sf "$base/api/health" >/dev/null && return; sleep 0.1; done
  echo "the old server did not start:" >&2
  cat "$tmp/serve.log" >&2
  exit 1
}
stop() {
  kill -INT "$server"
  wait "$server" || true
}

# api METHOD PATH AUTH [BODY] sends a JSON request and prints the answer; any failure ends the script.
api() {
  curl -sSf -X "$1" "$base$2" ${3:+-H "Authorization: $3"} -H 'Content-Type: application/json' ${4:+-d "$4"}
}
login() {
  api POST /api/collections/_superusers/auth-with-password "" \
    "$(jq -n --arg i "$owner_email" --arg p "$owner_password" '{identity: $i, password: $p}')" | jq -r .token
}

serve
token=$(login)
settings=$(api GET /api/collections/site_settings/records "$token" | jq -r '.items[0].id')
api PATCH "/api/collections/site_settings/records/$settings" "$token" '{"webhooks_allow_private":true}' >/dev/null

subscribe() {
  api POST /api/v2/webhooks "Bearer $writer" "$1" | jq '{id, url, events, secret}'
}
subscriptions=$(jq -s . \
  <(subscribe "{\"url\":\"http://$receiver/hook\",\"description\":\"every event\"}") \
  <(subscribe "{\"url\":\"http://$receiver/gone\",\"events\":[\"content.created\"],\"description\":\"a receiver that has gone\"}"))

post() { api POST /api/v1/posts "Bearer $writer" "$1" | jq -r .data.id; }
post '{"title":"Migrating a site without losing a post","excerpt":"What an upgrade must keep.","content":"<p>Every record, key and subscription.</p>","tags":["ops"],"visibility":"public","draft":false}' >/dev/null
edited=$(post '{"title":"Backups you have restored","excerpt":"A backup is only as good as its restore.","tags":["ops"],"visibility":"public","draft":false}')
draft=$(post '{"title":"Notes for later","visibility":"public","draft":true}')
api PATCH "/api/v1/posts/$edited" "Bearer $writer" '{"excerpt":"A backup is only as good as its last restore."}' >/dev/null
api DELETE "/api/v1/posts/$draft" "Bearer $writer" >/dev/null

# Wait until every delivery has had its attempt: succeeded, or failed on the 410.
pending() {
  api GET "/api/collections/webhook_deliveries/records?perPage=1&filter=$(jq -rn '"status=\"pending\""|@uri')" "$token" | jq .totalItems
}
for _ in $(seq 600); do [ "$(pending)" = 0 ] && break; sleep 0.1; done
[ "$(pending)" = 0 ] || { echo "deliveries still pending" >&2; exit 1; }

# What the old server serves once at rest (restarted, so that what it kept in memory is
# written): every collection's count, and the first records (by id) of a few.
stop
serve
token=$(login)
counts=$(api GET '/api/collections?perPage=500&fields=name' "$token" | jq -r '.items[].name' | sort | while read -r name; do
  jq -n --arg n "$name" --argjson c "$(api GET "/api/collections/$name/records?perPage=1&fields=id" "$token" | jq .totalItems)" '{($n): $c}'
done | jq -s add)
records=$(for spec in profile:1 posts:2 site_settings:1 api_keys:3 webhook_subscriptions:2 webhook_events:2 \
  webhook_deliveries:3 members:1 purchases:1 enrollments:1; do
  api GET "/api/collections/${spec%:*}/records?perPage=${spec#*:}&sort=id" "$token" | jq '.items'
done | jq -s add)
stop
sqlite3 "$data/data.db" 'PRAGMA wal_checkpoint(TRUNCATE); VACUUM;'

rm -rf "$here/pb_data"
mkdir -p "$here/pb_data"
cp "$data/data.db" "$here/pb_data/data.db"
jq -n --arg commit "$(git -C "$tmp/src" rev-parse HEAD)" --arg email "$owner_email" --arg password "$owner_password" \
  --argjson keys "$keys" --argjson subscriptions "$subscriptions" --argjson counts "$counts" --argjson records "$records" \
  '{commit: $commit, owner: {email: $email, password: $password}, keys: $keys, subscriptions: $subscriptions,
    counts: $counts, records: $records}' >"$here/release.json"
echo "wrote $here/pb_data/data.db ($(wc -c <"$here/pb_data/data.db") bytes) and $here/release.json"
