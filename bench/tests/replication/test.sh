#!/usr/bin/env bash
# Replication test: Litestream replicates a live server's data.db with the sample config
# (bench/tests/replication/litestream.yml) while the API writes; the primary is then stopped and its
# data directory deleted, the replica is restored into a NEW data directory, and a second
# server serving from it must answer exactly as the primary did.
#
#   bash bench/tests/replication/test.sh
#   REPL_SEED_POSTS=100000 bash bench/tests/replication/test.sh   # the same on a bigger database
#
# Steps: install Litestream into a temporary GOBIN unless a v0.5 `litestream` is on PATH (or
# LITESTREAM=/path/to/litestream); build the server; seed a data directory (`seed`, then posts
# written with a write key and a key rotated, through the API); start `litestream replicate`;
# write more (posts, an edit, a delete, a revoked key, a new key) and wait, by polling
# restores of the replica, until the last write is in it; stop the primary and delete its
# data directory; restore; serve; check over HTTP (posts, keys, the owner's token, webhook
# events, cursors, ETags, a write); finally restore to a moment between two writes
# (-timestamp) and check that it holds the one and not the other. Prints PASS or FAIL and the
# figures (replication lag, restore time, database and replica sizes).
#
# Loopback only (ports REPL_PORT, default 8195, and REPL_PORT+1). Every process it starts is
# stopped on exit; after the build the test gives up after REPL_DEADLINE seconds (default 180).
set -euo pipefail
cd "$(dirname "$0")/../../.."
export GOTOOLCHAIN=auto # Go 1.26 machines set GOTOOLCHAIN=local; the server needs go1.27.4

litestream_version=v0.5.18
config=$PWD/bench/tests/replication/litestream.yml
port=${REPL_PORT:-8195}
port2=$((port + 1))
budget=${REPL_DEADLINE:-180}
bulk=${REPL_SEED_POSTS:-0} # more posts for the figures of a bigger database (seed --posts)
owner_email=owner@example.com
owner_password='replication test password 123'
run=$(date +%s)-$$ # makes this run's titles unique, so finding them in a database file means this run wrote them

t0=$SECONDS
work=$(mktemp -d)
pids=()
logs=()
fails=0
finished=""

# stop ends one process this script started: SIGTERM, then SIGKILL after 15 s.
stop() {
  local pid=$1 i
  kill "$pid" 2>/dev/null || return 0
  for i in $(seq 150); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  kill -9 "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}
cleanup() {
  local rc=$? pid log
  for pid in "${pids[@]}"; do stop "$pid"; done
  if [ -z "$finished" ]; then
    for log in "${logs[@]}"; do
      [ -s "$log" ] && { echo "--- last lines of $(basename "$log")"; tail -n 15 "$log"; }
    done
    echo "FAIL: replication test stopped early (exit $rc)"
    rc=1
  fi
  rm -rf "$work"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

die() { echo "FAIL: $*" >&2; exit 1; }
step() { echo "== [$((SECONDS - t0)) s] $*"; }
pass() { echo "  ok    $*"; }
fail() { echo "  FAIL  $*"; fails=$((fails + 1)); }
check() { # description, got, want
  if [ "$2" = "$3" ]; then pass "$1"; else fail "$1: got '$2', want '$3'"; fi
}
ms() { date +%s%3N; }
in_time() { [ "$SECONDS" -lt "$deadline" ] || die "deadline of ${budget}s passed: $1"; }

# call METHOD URL AUTH [JSON]: the status code; the body is in $work/body, the headers in $work/head.
call() {
  local args=(-s -o "$work/body" -D "$work/head" -w '%{http_code}' --max-time 15 -X "$1" "$2")
  [ -n "$3" ] && args+=(-H "Authorization: $3")
  [ $# -ge 4 ] && args+=(-H 'Content-Type: application/json' -d "$4")
  curl "${args[@]}" || true # curl writes 000 when there is no answer
}
body() { cat "$work/body"; }
header() { sed -n "s/^$1: *\(.*\)\r$/\1/Ip" "$work/head" | head -n 1; }
str() { sed -n "s/.*\"$1\":\"\([^\"]*\)\".*/\1/p" "$work/body" | head -n 1; } # the last "name":"value" of the body
num() { sed -n "s/.*\"$1\":\([0-9]*\).*/\1/p" "$work/body" | head -n 1; }
secret() { grep -oE 'svc_live_[A-Za-z0-9]{38}' | head -n 1; }

serve() { # data dir, port, log: starts a server and waits for its health check
  "$work/server" --dev=false --dir "$1" serve --litestream=on --http "127.0.0.1:$2" --rate-limits=off >"$3" 2>&1 &
  pids+=($!)
  logs+=("$3")
  until curl -fs --max-time 2 "http://127.0.0.1:$2/api/health" >/dev/null; do
    kill -0 "${pids[-1]}" 2>/dev/null || die "the server on port $2 exited; see its log above"
    in_time "waiting for the server on port $2"
    sleep 0.1
  done
}
free_port() { ! curl -s --max-time 1 "http://127.0.0.1:$1/" >/dev/null; }

# --- Litestream and the server --------------------------------------------------------------
litestream=${LITESTREAM:-}
if [ -z "$litestream" ] && command -v litestream >/dev/null && litestream version | grep -q '^v0\.5\.'; then
  litestream=$(command -v litestream)
fi
if [ -z "$litestream" ]; then
  step "installing Litestream $litestream_version (go install from the module proxy, into a temporary GOBIN)"
  # In the background and waited for, like the build below, so that the exit trap can stop it.
  GOBIN="$work/bin" timeout 900 go install "github.com/benbjohnson/litestream/cmd/litestream@$litestream_version" \
    >"$work/install.log" 2>&1 &
  pids+=($!)
  wait $! || { tail -n 30 "$work/install.log"; die "go install of Litestream failed"; }
  litestream=$work/bin/litestream
fi
step "Litestream $("$litestream" version) ($litestream)"
step "building the server"
go build -o "$work/server" . &
pids+=($!)
wait $!
deadline=$((SECONDS + budget))
free_port "$port" || die "port $port is in use (set REPL_PORT)"
free_port "$port2" || die "port $port2 is in use (set REPL_PORT)"

primary=$work/primary/pb_data
restored=$work/restored/pb_data
replica=$work/replica
export CCA_DATA_DIR=$primary CCA_REPLICA_DIR=$replica # read by the sample config
base=http://127.0.0.1:$port
base2=http://127.0.0.1:$port2

# --- Seed, then the first writes through the API (no replication yet) ------------------------
step "seeding the primary and writing through the API"
srv() { "$work/server" --dev=false --dir "$primary" "$@"; }
srv superuser upsert "$owner_email" "$owner_password" >/dev/null
srv seed --posts "$bulk" >/dev/null
wkey=$(srv keys create --name writer --scopes read,write,read:content | secret)
rout=$(srv keys create --name rotated --scopes read)
rkey_old=$(secret <<<"$rout")
rid=$(sed -n 's/^Key \([a-z0-9]*\) .*/\1/p' <<<"$rout")
xout=$(srv keys create --name revoked --scopes read)
xkey=$(secret <<<"$xout")
xid=$(sed -n 's/^Key \([a-z0-9]*\) .*/\1/p' <<<"$xout")
serve "$primary" "$port" "$work/primary.log"
primary_pid=${pids[-1]}

code=$(call POST "$base/api/collections/_superusers/auth-with-password" "" \
  "{\"identity\":\"$owner_email\",\"password\":\"$owner_password\"}")
[ "$code" = 200 ] || die "owner login: $code $(body)"
owner=$(str token)
code=$(call GET "$base/api/v2/posts?per_page=1" "Bearer $wkey")
[ "$code" = 200 ] || die "v2 posts: $code $(body)"
seeded=$(num total_items)
since=$(date -u +%Y-%m-%dT%H:%M:%S.%3NZ) # events after this instant are this run's

declare -A slug_of title_of # post id -> slug, expected title
ids=()
post() { # title: creates a published public post, records its id and slug
  local code
  code=$(call POST "$base/api/v1/posts" "Bearer $wkey" \
    "{\"title\":\"$1\",\"excerpt\":\"Replication test\",\"content\":\"<p>$1</p>\",\"tags\":[\"replication\"],\"visibility\":\"public\",\"draft\":false}")
  [ "$code" = 201 ] || die "create post '$1': $code $(body)"
  local id
  id=$(sed -n 's/.*"id":"\([a-z0-9]*\)".*/\1/p' "$work/body")
  ids+=("$id")
  slug_of[$id]=$(str slug)
  title_of[$id]=$1
}
for i in 1 2 3 4 5; do post "Replication $run A$i"; done
code=$(call POST "$base/api/admin/api-keys/$rid/rotate" "$owner")
[ "$code" = 200 ] || die "rotate key: $code $(body)"
rkey_new=$(body | secret)

# --- Replicate while writing -----------------------------------------------------------------
step "litestream replicate -config bench/tests/replication/litestream.yml, while the API writes"
"$litestream" replicate -config "$config" >"$work/litestream.log" 2>&1 &
lspid=$!
pids+=("$lspid")
logs+=("$work/litestream.log")
until "$litestream" ltx "file://$replica/data.db" 2>/dev/null | grep -q '^[0-9]'; do
  kill -0 "$lspid" 2>/dev/null || die "litestream exited"
  in_time "waiting for Litestream's first snapshot"
  sleep 0.1
done
# replica_has TITLE: whether a restore of the replica, as it is now, has a post with this title.
replica_has() {
  rm -rf "$work/probe"
  timeout 30 "$litestream" restore -config "$config" -o "$work/probe/data.db" "$primary/data.db" >/dev/null 2>&1 &&
    grep -qaF "<p>$1</p>" "$work/probe/data.db"
}
# newest_ltx: when the newest change file landed in the replica, in ms since the epoch: its
# ctime, as Litestream sets a replica file's mtime to when it read the change from the WAL.
newest_ltx() {
  find "$replica/data.db/ltx/0" -name '*.ltx' -printf '%C@\n' 2>/dev/null | sort -n | tail -n 1 |
    awk '{ printf "%.0f", $1 * 1000 }'
}
# caught_up TITLE: polls restores of the replica until one has the post (sent at written_at,
# ms). Prints two lags in ms: until the newest replica file landed, once a restore had the post
# (an upper bound of the moment the change reached the replica), and until that restore.
caught_up() {
  while ! replica_has "$1"; do
    in_time "waiting for '$1' to reach the replica"
    sleep 0.05
  done
  local restored_at
  restored_at=$(ms)
  echo "$(($(newest_ltx) - written_at)) $((restored_at - written_at))"
}
for i in $(seq 1 19); do
  written_at=$(ms) # just before the request: the lags below include the request's own time
  post "Replication $run B$i"
  if [ "$i" = 10 ]; then # a moment to restore to later: after B10 is replicated, before B11 is written
    lags=$(caught_up "Replication $run B10") # an assignment, so that a failure stops the test
    read -r lag_b10 seen_b10 <<<"$lags"
    sleep 1.1
    moment=$(date -u +%Y-%m-%dT%H:%M:%S.%3NZ)
    sleep 1.1
  fi
  sleep 0.05 # spreads the writes over several of Litestream's syncs
done
edited=${ids[0]}
title_of[$edited]="Replication $run A1 (edited)"
code=$(call PATCH "$base/api/v1/posts/$edited" "Bearer $wkey" "{\"title\":\"${title_of[$edited]}\"}")
[ "$code" = 200 ] || die "edit post: $code $(body)"
deleted=${ids[1]}
code=$(call DELETE "$base/api/v1/posts/$deleted" "Bearer $wkey")
[ "$code" = 204 ] || die "delete post: $code $(body)"
code=$(call DELETE "$base/api/admin/api-keys/$xid" "$owner")
[ "$code" = 204 ] || die "revoke key: $code $(body)"
code=$(call POST "$base/api/admin/api-keys" "$owner" '{"name":"made while replicating","scopes":["read"]}')
[ "$code" = 201 ] || die "create key: $code $(body)"
nkey=$(body | secret)
last="Replication $run B20 (the last write)"
written_at=$(ms)
post "$last"

# --- Wait until the replica has the last write -----------------------------------------------
step "waiting for the replica to catch up"
lags=$(caught_up "$last")
read -r lag seen <<<"$lags"

# What the primary answers, to compare with the restored server's answers.
code=$(call GET "$base/api/v2/posts?per_page=1" "Bearer $wkey")
want_total=$(num total_items)
code=$(call GET "$base/api/v1/posts?limit=5" "Bearer $rkey_new")
want_v1_total=$(num total)
cursor=$(str next_cursor)
code=$(call GET "$base/api/v1/posts?limit=5&cursor=$cursor" "Bearer $rkey_new")
want_page2_etag=$(header ETag)
code=$(call GET "$base/api/v1/posts/${slug_of[${ids[-1]}]}" "Bearer $rkey_new")
want_post_etag=$(header ETag)
events() { # event name, base URL, key: this run's event ids, sorted
  local code
  code=$(call GET "$2/api/v1/webhooks/poll/$1?since=$since&limit=100" "Bearer $3")
  [ "$code" = 200 ] || { echo "poll $1: $code"; return; }
  grep -oE '"id":"evt_[a-z0-9]+"' "$work/body" | sort | tr '\n' ' '
}
want_created=$(events content.created "$base" "$rkey_new")
want_deleted=$(events content.deleted "$base" "$rkey_new")
[ -n "$cursor" ] && [ -n "$want_page2_etag" ] && [ -n "$want_post_etag" ] || die "the primary's answers lack a cursor or an ETag"
[ "$(wc -w <<<"$want_created")" = 25 ] && [ "$(wc -w <<<"$want_deleted")" = 1 ] ||
  die "the primary's poll: want 25 content.created and 1 content.deleted events, got '$want_created' and '$want_deleted'"
primary_bytes=$(($(stat -c %s "$primary/data.db") + $(stat -c %s "$primary/data.db-wal" 2>/dev/null || echo 0)))

# --- The disk is lost: stop everything, delete the primary, restore, serve ---------------------
step "stopping the primary and Litestream, deleting the primary's data directory"
stop "$primary_pid"
stop "$lspid"
rm -rf "$work/primary" "$work/probe"
step "litestream restore -config … -o NEW/pb_data/data.db"
t=$(ms)
timeout 60 "$litestream" restore -config "$config" -integrity-check full -o "$restored/data.db" "$primary/data.db" \
  >"$work/restore.log" 2>&1 || { cat "$work/restore.log"; die "restore failed"; }
restore_ms=$(($(ms) - t))
db_bytes=$(wc -c <"$restored/data.db")
replica_bytes=$(du -sb "$replica" | cut -f1)
serve "$restored" "$port2" "$work/restored.log"

# --- The restored server answers as the primary did ---------------------------------------------
step "checks against the server restored from the replica"
code=$(call GET "$base2/api/v2/posts?per_page=1" "Bearer $wkey")
check "v2 list: total_items (seeded $seeded + 25 created - 1 deleted)" "$code $(num total_items)" "200 $((seeded + 24))"
check "v2 list: total_items as on the primary" "$(num total_items)" "$want_total"
code=$(call GET "$base2/api/v1/posts?limit=5" "Bearer $rkey_new")
check "v1 list: total as on the primary" "$code $(num total)" "200 $want_v1_total"
missing=0
for id in "${ids[@]}"; do
  [ "$id" = "$deleted" ] && continue
  code=$(call GET "$base2/api/v1/posts/${slug_of[$id]}" "Bearer $rkey_new")
  if [ "$code" != 200 ] || [ "$(str title)" != "${title_of[$id]}" ]; then
    fail "GET /api/v1/posts/${slug_of[$id]}: $code, title '$(str title)', want '${title_of[$id]}'"
    missing=$((missing + 1))
  fi
done
check "v1 GET by slug: all 24 remaining posts, the edit included" "$missing" 0
code=$(call GET "$base2/api/v1/posts/${slug_of[$deleted]}" "Bearer $rkey_new")
check "v1 GET by slug: the deleted post" "$code" 404

code=$(call GET "$base2/api/v1/profile" "Bearer $rkey_old")
check "rotated key: the old secret, within its 24 h grace" "$code" 200
code=$(call GET "$base2/api/v1/profile" "Bearer $rkey_new")
check "rotated key: the new secret" "$code" 200
code=$(call GET "$base2/api/v1/profile" "Bearer $nkey")
check "key created while replicating" "$code" 200
code=$(call GET "$base2/api/v1/profile" "Bearer $xkey")
check "key revoked while replicating" "$code" 401
code=$(call GET "$base2/api/admin/api-keys" "$owner")
check "the owner's token from the primary" "$code" 200

check "poll content.created: this run's 25 events, same ids" "$(events content.created "$base2" "$rkey_new")" "$want_created"
check "poll content.deleted: the delete's event, same id" "$(events content.deleted "$base2" "$rkey_new")" "$want_deleted"

code=$(call GET "$base2/api/v1/posts?limit=5&cursor=$cursor" "Bearer $rkey_new")
check "v1 list: a cursor made by the primary, same page (ETag)" "$code $(header ETag)" "200 $want_page2_etag"
code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 15 -H "Authorization: Bearer $rkey_new" \
  -H "If-None-Match: $want_post_etag" "$base2/api/v1/posts/${slug_of[${ids[-1]}]}")
check "v1 GET by slug: the primary's ETag revalidates (304)" "$code" 304
code=$(call GET "$base2/api/v1/posts/${slug_of[${ids[-1]}]}" "Bearer $rkey_new")
check "v1 GET: Cache-Control for a CDN" "$code $(header Cache-Control)" "200 public, max-age=0, s-maxage=60, must-revalidate"
check "v1 GET: Vary" "$code $(header Vary)" "200 Authorization, Origin, X-Member-Token, Accept"
code=$(call POST "$base2/api/v1/posts" "Bearer $wkey" \
  "{\"title\":\"Replication $run after restore\",\"excerpt\":\"x\",\"content\":\"<p>x</p>\",\"tags\":[],\"visibility\":\"public\",\"draft\":false}")
check "the restored server takes writes" "$code" 201

timeout 60 "$litestream" restore -config "$config" -timestamp "$moment" -o "$work/pitr/data.db" "$primary/data.db" \
  >"$work/restore.log" 2>&1 || { cat "$work/restore.log"; die "restore -timestamp failed"; }
has() { if grep -qaF "<p>$1</p>" "$work/pitr/data.db"; then echo yes; else echo no; fi; }
check "restore -timestamp (between B10 and B11): B10 in, B11 out" \
  "$(has "Replication $run B10") $(has "Replication $run B11")" "yes no"

finished=yes
step "figures"
echo "  replication lag, B10 / last write  $lag_b10 / $lag ms until the change was in the replica (at most)"
echo "                                      $seen_b10 / $seen ms until a polled restore had it (sync-interval 1s)"
echo "  restore time                        ${restore_ms} ms (litestream restore -integrity-check full)"
echo "  posts before the test's writes      $seeded"
echo "  primary data.db + WAL before stop   $primary_bytes bytes"
echo "  restored data.db                    $db_bytes bytes"
echo "  replica directory                   $replica_bytes bytes"
if [ "$fails" -gt 0 ]; then
  echo "FAIL: $fails check(s) failed"
  exit 1
fi
echo "PASS: the replica restored into a new data directory serves every write made before the stop"
