#!/usr/bin/env bash
# Benchmarks the API against PocketBase's own endpoints on the same server and data, with wrk
# (Debian package `wrk`). Each figure is a ratio against a baseline measured in the same run.
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
base="http://127.0.0.1:$port"
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 1; }

build_server
cca seed --posts 10000 >/dev/null
key=$(new_key bench read)
start_server "$port" --rate-limits=off
token=$(owner_token "$base")

slug=$(curl -fs "$base/api/v1/posts?limit=1" -H "Authorization: Bearer $key" | sed 's/.*"slug":"\([^"]*\)".*/\1/')
cursor=""
for _ in $(seq 499); do
  cursor=$(curl -fs "$base/api/v1/posts?limit=20${cursor:+&cursor=$cursor}" -H "Authorization: Bearer $key" | sed -n 's/.*"next_cursor":"\([^"]*\)".*/\1/p')
done

run() { # name, url, auth header
  local out
  out=$(wrk -t2 -c"$conns" -d"${secs}s" --latency -H "Authorization: $3" "$2")
  local rps p50 p99
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p50=$(awk '$1=="50%" {print $2}' <<<"$out")
  p99=$(awk '$1=="99%" {print $2}' <<<"$out")
  printf '%-44s %10s req/s   p50 %8s   p99 %8s\n' "$1" "$rps" "$p50" "$p99"
  echo "$1 $rps" >>"$work/rps"
}
ratio() { # name, baseline name
  awk -v a="$1" -v b="$2" '$0 ~ "^"a" " {x=$NF} $0 ~ "^"b" " {y=$NF} END {printf "  %s / %s = %.2f\n", a, b, x/y}' "$work/rps"
}

echo "wrk -t2 -c$conns -d${secs}s, 10,000 posts, $(nproc) cores, $(go version | awk '{print $3}')"
run pb_health "$base/api/health" "Bearer $key"
run v1_profile "$base/api/v1/profile" "Bearer $key"
run pb_records_perPage20 "$base/api/collections/posts/records?perPage=20" "$token"
run v1_posts_limit20 "$base/api/v1/posts?limit=20" "Bearer $key"
run v1_posts_page500 "$base/api/v1/posts?limit=20&cursor=$cursor" "Bearer $key"
run v1_posts_q_all "$base/api/v1/posts?q=benchmark&limit=20" "Bearer $key"   # every post matches
run v1_posts_q_one "$base/api/v1/posts?q=00042&limit=20" "Bearer $key"       # one post matches
run pb_records_page500 "$base/api/collections/posts/records?perPage=20&page=500" "$token"
run v1_post_by_slug "$base/api/v1/posts/$slug" "Bearer $key"
echo "ratios (>1: ours serves more requests per second than the baseline):"
ratio v1_profile pb_health
ratio v1_posts_limit20 pb_records_perPage20
ratio v1_posts_page500 v1_posts_limit20
ratio v1_posts_q_all v1_posts_limit20
ratio v1_posts_q_one v1_posts_limit20
ratio pb_records_page500 pb_records_perPage20
ratio v1_post_by_slug pb_health
