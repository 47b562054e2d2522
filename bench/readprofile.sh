#!/usr/bin/env bash
# Where a read answered from memory spends the server's CPU (issue 33): a CPU profile of the
# server under wrk for each of the reads bench/run.sh compares with a baseline (the profile,
# the list's first page, a member's read of a post) and for PocketBase's /api/health on the same
# server, with the server's CPU time per request (the profile's samples over the requests wrk
# counted while it ran: a figure the machine's other load changes less than requests/s), that
# time by part (bench/profile_parts.awk: net/http, PocketBase's chain, each middleware of ours,
# the GC), and the top functions by cumulative and by own time (the table in bench/README.md,
# "Reads", is read from them).
#
#   bash bench/readprofile.sh [seconds per read, default 10] [connections, default 16] [posts, default 1000]
#
# READ_PROFILES=DIR keeps the profiles (health.pprof, profile.pprof, list.pprof, member.pprof) for
# `go tool pprof`.
source "$(dirname "$0")/lib.sh"
secs=${1:-10}
conns=${2:-16}
posts=${3:-1000}
port=$(free_port)
pprof=127.0.0.1:$(free_port)
base="http://127.0.0.1:$port"
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 1; }

build_server
cca seed --posts "$posts" >/dev/null
key=$(new_key bench read)
CCA_DEBUG_PPROF=$pprof start_server "$port" --rate-limits=off
token=$(owner_token "$base")
slug=$(curl -fs "$base/api/v1/posts?limit=1" -H "Authorization: Bearer $key" | sed 's/.*"slug":"\([^"]*\)".*/\1/')
curl -fs -X POST "$base/api/collections/members/records" -H "Authorization: $token" -H 'Content-Type: application/json' \
  -d '{"email":"bench@example.com","password":"bench member password","passwordConfirm":"bench member password","verified":true}' >/dev/null
member=$(curl -fs -X POST "$base/api/collections/members/auth-with-password" -H 'Content-Type: application/json' \
  -d '{"identity":"bench@example.com","password":"bench member password"}' | sed -n 's/.*"token":"\([^"]*\)".*/\1/p')

echo "wrk -t2 -c$conns, $secs s profiled per read, $posts posts, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
profile() { # name, url, [another header]
  local args=(-t2 -c"$conns" -d"$((secs + 2))s" -H "Authorization: Bearer $key")
  [ -n "${3:-}" ] && args+=(-H "$3")
  wrk "${args[@]}" "$2" >"$work/$1.wrk" &
  local load=$!
  sleep 1 # the answer is in memory, and wrk at speed, before the profile starts
  curl -fs "http://$pprof/debug/pprof/profile?seconds=$secs" -o "$work/$1.pprof"
  wait "$load"
  local rps cpu
  rps=$(awk '/Requests\/sec/ {print $2}' "$work/$1.wrk")
  cpu=$(go tool pprof -top "$work/server" "$work/$1.pprof" 2>/dev/null | sed -n 's/.*Total samples = \([0-9.]*\)\(m*\)s.*/\1 \2/p')
  echo "== $1: $rps req/s, server CPU $(awk -v c="$cpu" -v r="$rps" -v s="$secs" 'BEGIN {split(c, a, " "); t = a[1] / (a[2] == "m" ? 1000 : 1); printf "%.1f", t / (r * s) * 1e6}') µs a request; by part"
  go tool pprof -traces "$work/server" "$work/$1.pprof" 2>/dev/null |
    awk -v requests="$(awk -v r="$rps" -v s="$secs" 'BEGIN {print r * s}')" -f bench/profile_parts.awk
  echo "== $1: by cumulative time"
  go tool pprof -top -cum -nodecount=45 "$work/server" "$work/$1.pprof" 2>/dev/null | sed -n '5,52p'
  echo "== $1: by own time"
  go tool pprof -top -nodecount=25 "$work/server" "$work/$1.pprof" 2>/dev/null | sed -n '5,32p'
  [ -n "${READ_PROFILES:-}" ] && cp "$work/$1.pprof" "$READ_PROFILES/"
  return 0
}
profile health "$base/api/health"
profile profile "$base/api/v1/profile"
profile list "$base/api/v1/posts?limit=20"
profile member "$base/api/v1/posts/$slug" "X-Member-Token: $member"
