#!/usr/bin/env bash
# Benchmarks the API's reads, with wrk (Debian package `wrk`). Each figure is a ratio against a
# baseline measured in the same run (issue 12's table):
#   - v1 profile / PocketBase's /api/health, on the same server;
#   - v1 list / a bare net/http server (bench/bareserver) answering the list's bytes;
#   - v1 list / PocketBase's records list of the same posts (a public list rule, no login);
#   - v1 list page 500 (by cursor) / page 1, as a cost;
#   - a member's read of a post (X-Member-Token) / the public read of the same post;
#   - the server's peak RSS / plain PocketBase's (bench/pocketbase) on the same data directory,
#     after it served PocketBase's part of the same reads.
# Each row also gives the server's CPU time a request (/proc/PID/stat over the wrk run), and each
# ratio its counterpart by CPU: on these shared cores requests/s move with the others' load, the
# CPU a request much less.
# Rows marked "miss" give each request a URL of its own (bench/miss.lua), so that none is
# answered from memory: the cost of the first read after a change.
#
#   bash bench/run.sh [seconds per endpoint, default 10] [connections, default 32]
#
# It builds the server, makes a data directory in a temp folder, seeds it (10,000 posts),
# starts `serve --rate-limits=off` on a loopback port, runs wrk against each endpoint in turn,
# and prints requests/second and latency. Everything stops by itself.
source "$(dirname "$0")/lib.sh"
secs=${1:-10}
conns=${2:-32}
port=${BENCH_PORT:-8191}
bare_port=${BENCH_BARE_PORT:-8193}
base="http://127.0.0.1:$port"
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 1; }

build_server
go build -o "$work/bareserver" ./bench/bareserver
go build -o "$work/pocketbase" ./bench/pocketbase
cca seed --posts 10000 >/dev/null
key=$(new_key bench read)
start_server "$port" --rate-limits=off
token=$(owner_token "$base")
# PocketBase's records list of what v1 lists: published public posts, to anyone.
curl -fs -X PATCH "$base/api/collections/posts" -H "Authorization: $token" -H 'Content-Type: application/json' \
  -d '{"listRule":"draft = false && visibility = \"public\" && published_at <= @now"}' >/dev/null

curl -fs "$base/api/v1/posts?limit=20" -H "Authorization: Bearer $key" >"$work/list.json"
slug=$(sed 's/.*"slug":"\([^"]*\)".*/\1/' "$work/list.json")
cursor=""
# A member's token (PocketBase's password sign-in of the members collection gives the same token
# as the e-mailed code), for the member's read of the same post.
curl -fs -X POST "$base/api/collections/members/records" -H "Authorization: $token" -H 'Content-Type: application/json' \
  -d '{"email":"bench@example.com","password":"bench member password","passwordConfirm":"bench member password","verified":true}' >/dev/null
member=$(curl -fs -X POST "$base/api/collections/members/auth-with-password" -H 'Content-Type: application/json' \
  -d '{"identity":"bench@example.com","password":"bench member password"}' | sed -n 's/.*"token":"\([^"]*\)".*/\1/p')
for _ in $(seq 499); do
  cursor=$(curl -fs "$base/api/v1/posts?limit=20${cursor:+&cursor=$cursor}" -H "Authorization: Bearer $key" | sed -n 's/.*"next_cursor":"\([^"]*\)".*/\1/p')
done

peak_rss_mib() { awk '/VmHWM/ {printf "%.0f", $2/1024}' "/proc/$server/status"; }
# cpu_ticks PID: the CPU time (user + system, clock ticks) the process has used so far.
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
tick_us=$((1000000 / $(getconf CLK_TCK)))
run() { # name, url, [auth header], [wrk script], [another header]; measures $server, else $bare
  local out args=(-t2 -c"$conns" -d"${secs}s" --latency) pid=${server:-$bare} before
  [ -n "${3:-}" ] && args+=(-H "Authorization: $3")
  [ -n "${4:-}" ] && args+=(-s "$4")
  [ -n "${5:-}" ] && args+=(-H "$5")
  before=$(cpu_ticks "$pid")
  out=$(wrk "${args[@]}" "$2")
  local rps p50 p99 cpu
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p50=$(awk '$1=="50%" {print $2}' <<<"$out")
  p99=$(awk '$1=="99%" {print $2}' <<<"$out")
  # The server's CPU time a request: what the machine's other load changes least.
  cpu=$(awk -v t="$(($(cpu_ticks "$pid") - before))" -v us="$tick_us" '/requests in/ {printf "%.1f", t * us / $1}' <<<"$out")
  printf '%-44s %10s req/s   p50 %8s   p99 %8s   CPU %6s us/req%s\n' "$1" "$rps" "$p50" "$p99" "$cpu" \
    "${server:+   peak RSS so far $(peak_rss_mib) MiB}"
  echo "$1 $rps $cpu" >>"$work/rps"
}
ratio() { # name, baseline name, [label]: requests per second of name / of baseline, and the
  # baseline's CPU a request / name's (the same ratio were both CPU-bound on their own cores)
  awk -v a="$1" -v b="$2" -v l="${3:-}" '$1==a {x=$2; cx=$3} $1==b {y=$2; cy=$3}
    END {printf "  %-56s %6.2f   by CPU a request %5.2f\n", (l != "" ? l : a" / "b), x/y, (cx > 0 ? cy/cx : 0)}' "$work/rps"
}
miss="bench/miss.lua"

echo "wrk -t2 -c$conns -d${secs}s, 10,000 posts, $(nproc) cores, $(go version | awk '{print $3}'), load $(cut -d' ' -f1-3 /proc/loadavg)"
run pb_health "$base/api/health" "Bearer $key"
run v1_profile "$base/api/v1/profile" "Bearer $key"
run pb_records_perPage20 "$base/api/collections/posts/records?perPage=20"
run v1_posts_limit20 "$base/api/v1/posts?limit=20" "Bearer $key"
run v1_posts_limit20_miss "$base/api/v1/posts?limit=20" "Bearer $key" "$miss"
run v1_posts_page500 "$base/api/v1/posts?limit=20&cursor=$cursor" "Bearer $key"
run v1_posts_q_all_miss "$base/api/v1/posts?q=benchmark&limit=20" "Bearer $key" "$miss" # every post matches
run v1_posts_q_one_miss "$base/api/v1/posts?q=00042&limit=20" "Bearer $key" "$miss"     # one post matches
run pb_records_page500 "$base/api/collections/posts/records?perPage=20&page=500"
run v1_post_by_slug "$base/api/v1/posts/$slug" "Bearer $key"
run v1_post_by_slug_member "$base/api/v1/posts/$slug" "Bearer $key" "" "X-Member-Token: $member"
ours_rss=$(peak_rss_mib)
stop_server

"$work/bareserver" -addr "127.0.0.1:$bare_port" -file "$work/list.json" &
bare=$!
for _ in $(seq 100); do curl -fs "http://127.0.0.1:$bare_port/" >/dev/null && break; sleep 0.1; done
run bare_list_bytes "http://127.0.0.1:$bare_port/api/v1/posts?limit=20"
kill "$bare"
wait "$bare" 2>/dev/null || true

start_binary "$work/pocketbase" "$port"
run plain_pb_health "$base/api/health"
run plain_pb_records_perPage20 "$base/api/collections/posts/records?perPage=20"
run plain_pb_records_page500 "$base/api/collections/posts/records?perPage=20&page=500"
pb_rss=$(peak_rss_mib)

echo "ratios (requests per second, >1: ours serves more than the baseline):"
ratio v1_profile pb_health "v1 profile / PocketBase /api/health (target >= 0.9)"
ratio v1_posts_limit20 bare_list_bytes "v1 list / bare net/http, same bytes (target >= 0.7)"
ratio v1_posts_limit20 pb_records_perPage20 "v1 list / PocketBase records list, public rule (>= 1.4)"
ratio v1_posts_limit20 v1_posts_page500 "v1 page 500 cost / page 1 cost (<= 1.3)"
ratio v1_posts_limit20_miss pb_records_perPage20 "v1 list, miss / PocketBase records list"
ratio v1_posts_q_all_miss v1_posts_limit20_miss "v1 search, all match, miss / v1 list, miss"
ratio v1_posts_q_one_miss v1_posts_limit20_miss "v1 search, one match, miss / v1 list, miss"
ratio pb_records_page500 pb_records_perPage20 "PocketBase page 500 / page 1 (OFFSET)"
ratio v1_post_by_slug pb_health "v1 post by slug / PocketBase /api/health"
ratio v1_post_by_slug_member v1_post_by_slug "v1 post by slug, a member's / the public's (target >= 0.8)"
awk -v a="$ours_rss" -v b="$pb_rss" 'BEGIN {printf "peak RSS: ours %d MiB, plain PocketBase %d MiB: %.2f (target <= 1)\n", a, b, a/b}'
