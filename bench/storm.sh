#!/usr/bin/env bash
# A read storm kept up for minutes (issue 19): does the server's memory level off, and how
# much does auxiliary.db (the request log) grow?
#
#   bash bench/storm.sh [minutes, default 10] [connections, default 16] [minutes of the refused storms, default: the same]
#
# Three storms in a row on one server (10,000 posts), each for the given minutes, with wrk:
#   1. the cached list with a key, --rate-limits=off (the figure of issue 19);
#   2. no key at all, with the default rate limits (every answer 429 or 401);
#   3. an unknown key (a revoked one), limits off (every answer 401).
# Every 10 seconds it samples the server's RSS, goroutines (from /metrics), open descriptors,
# auxiliary.db's size and the request log's dropped rows; at the end of each storm it prints
# the table's summary and checks that RSS levelled off (the last 3 minutes' peak at most 1.1x
# the peak of minutes 3-5, or of the storm's middle for shorter runs). Everything stops by itself.
source "$(dirname "$0")/lib.sh"
minutes=${1:-10}
conns=${2:-16}
refused_minutes=${3:-$minutes}
port=${BENCH_PORT:-8195}
metrics_port=${BENCH_METRICS_PORT:-8196}
base="http://127.0.0.1:$port"
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 1; }

build_server
cca seed --posts 10000 >/dev/null
key=$(new_key storm read)
revoked_id=$(cca keys create --name revoked --scopes read | tee "$work/revoked" | grep -oE '\b[a-z0-9]{15}\b' | head -1)
revoked=$(grep -oE 'svc_live_[A-Za-z0-9]{38}' "$work/revoked" | head -1)
cca keys revoke "$revoked_id" >/dev/null

sample() { # elapsed-seconds
  local rss fds gor aux dropped
  rss=$(awk '/VmRSS/ {printf "%.0f", $2/1024}' "/proc/$server/status")
  fds=$(ls "/proc/$server/fd" | wc -l)
  gor=$(curl -fs "http://127.0.0.1:$metrics_port/metrics" | awk '$1=="go_goroutines" {print $2}')
  dropped=$(curl -fs "http://127.0.0.1:$metrics_port/metrics" | awk '$1=="cca_request_log_entries_total{fate=\"dropped\"}" {print $2}')
  aux=$(du -m "$data/auxiliary.db" | cut -f1)
  echo "$1 $rss $gor $fds $aux $dropped"
}

storm() { # name, minutes, [flags for serve], -- wrk args...
  local name=$1 minutes=$2; shift 2
  local flags=()
  while [ "$1" != "--" ]; do flags+=("$1"); shift; done
  shift
  start_server "$port" --metrics-addr "127.0.0.1:$metrics_port" "${flags[@]}"
  local aux0
  aux0=$(du -m "$data/auxiliary.db" | cut -f1)
  local secs=$((minutes * 60))
  wrk -t2 -c"$conns" -d"${secs}s" --latency "$@" >"$work/wrk.out" &
  local wrk_pid=$! t=0
  : >"$work/samples"
  while kill -0 "$wrk_pid" 2>/dev/null; do
    sleep 10
    t=$((t + 10))
    kill -0 "$wrk_pid" 2>/dev/null && sample "$t" >>"$work/samples"
  done
  wait "$wrk_pid" || true
  echo "== $name: wrk -t2 -c$conns -d${secs}s, $(nproc) cores"
  awk '/Requests\/sec|Non-2xx|Latency  |99%/' "$work/wrk.out"
  echo "  seconds  RSS MiB  goroutines  fds  auxiliary.db MiB  log rows dropped"
  awk 'NR % 6 == 0 {printf "  %7s  %7s  %10s  %3s  %16s  %16s\n", $1, $2, $3, $4, $5, $6}' "$work/samples"
  awk -v secs="$secs" -v aux0="$aux0" '
    { t=$1; r=$2 }
    secs >= 480 && t > 180 && t <= 300 && r > mid { mid = r }
    secs < 480 && t > secs*0.3 && t <= secs*0.5 && r > mid { mid = r }
    t > secs - 180 && r > last { last = r }
    r > peak { peak = r }
    { aux = $5 }
    END {
      verdict = (last <= mid * 1.1) ? "levels off" : "GROWS"
      printf "  peak RSS %d MiB; last 3 minutes %d MiB against %d MiB earlier: %s; auxiliary.db grew %d MiB\n", peak, last, mid, verdict, aux - aux0
    }' "$work/samples"
  stop_server
}

storm "cached list, a key, limits off" "$minutes" --rate-limits=off -- -H "Authorization: Bearer $key" "$base/api/v1/posts?limit=20"
storm "no key, default limits" "$refused_minutes" -- "$base/api/v1/posts?limit=20"
storm "a revoked key, limits off" "$refused_minutes" --rate-limits=off -- -H "Authorization: Bearer $revoked" "$base/api/v1/posts?limit=20"
