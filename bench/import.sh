#!/usr/bin/env bash
# The import benchmark (issue 24): generates exports with bench/importgen and imports each
# into a fresh data directory under /usr/bin/time -v, printing wall time and peak RSS.
#   bash bench/import.sh            # 10,000-post WXR, ~100 MB WXR, ~100 MB Ghost JSON
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
GOTOOLCHAIN=auto go build -o "$work/server" .
GOTOOLCHAIN=auto go build -o "$work/importgen" ./bench/importgen

run() { # name format posts size
  local name=$1 format=$2 posts=$3 size=$4 ext=xml
  [ "$format" = ghost ] && ext=json
  "$work/importgen" -format "$format" -posts "$posts" -size "$size" > "$work/$name.$ext"
  rm -rf "$work/pb_data"
  "$work/server" migrate up --dir "$work/pb_data" > /dev/null
  /usr/bin/time -v "$work/server" import "$format" "$work/$name.$ext" --dir "$work/pb_data" \
    > "$work/$name.out" 2> "$work/$name.time"
  printf '%-18s %6s MB  %s  wall %s  peak RSS %s MiB\n' "$name" \
    "$(( $(stat -c %s "$work/$name.$ext") / 1000000 ))" "$(tail -1 "$work/$name.out" | grep -o 'created [0-9]*')" \
    "$(grep 'Elapsed (wall' "$work/$name.time" | awk '{print $NF}')" \
    "$(( $(grep 'Maximum resident' "$work/$name.time" | awk '{print $NF}') / 1024 ))"
}

run wxr-10k wordpress 10000 2000
run wxr-100mb wordpress 10000 10000
run ghost-100mb ghost 10000 10000
