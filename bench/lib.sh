# Shared steps of the bench scripts (sourced, not run): a temp work folder that is removed on
# exit with the server it started, the server binary, keys, a server on loopback, the owner's
# token. Every script that sources it stops everything it started.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export GOTOOLCHAIN=auto # Go 1.26 machines set GOTOOLCHAIN=local; the server needs go1.27.4

work=$(mktemp -d)
data="$work/pb_data"
server=""
# Every process a script started in the background (servers, helpers) stops with it.
trap 'kill $(jobs -p) 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$work"' EXIT # no job left: kill has nothing to do, and must not fail the script
owner_email=bench@example.com
owner_password='bench password 123'

# cca runs a command of the server binary on the work data directory.
cca() { "$work/server" --dev=false --dir "$data" "$@"; }

# build_server builds the server binary, and creates the owner.
build_server() {
  go build -o "$work/server" .
  cca superuser upsert "$owner_email" "$owner_password" >/dev/null
}

# new_key NAME SCOPES prints the full value of a new key.
new_key() { cca keys create --name "$1" --scopes "$2" | grep -oE 'svc_live_[A-Za-z0-9]{38}' | head -1; }

# start_server PORT [serve flags...] serves the data directory and waits for its health check.
start_server() { start_binary "$work/server" "$@"; }

# start_binary BINARY PORT [serve flags...] is start_server with another PocketBase binary.
start_binary() {
  local bin=$1 port=$2
  shift 2
  # The binary itself, not the cca function: $! must be the server's pid (to stop it and read
  # its memory), not a subshell's.
  "$bin" --dev=false --dir "$data" serve --http "127.0.0.1:$port" "$@" >"$work/server.log" 2>&1 &
  server=$!
  for _ in $(seq 100); do curl -fs "http://127.0.0.1:$port/api/health" >/dev/null && return; sleep 0.1; done
  echo "the server did not start; its log:" >&2
  cat "$work/server.log" >&2
  exit 1
}

# stop_server stops the server start_server started.
stop_server() {
  kill "$server"
  wait "$server" 2>/dev/null || true
  server=""
}

# owner_token BASE prints the owner's auth token.
owner_token() {
  curl -fs -X POST "$1/api/collections/_superusers/auth-with-password" -H 'Content-Type: application/json' \
    -d "{\"identity\":\"$owner_email\",\"password\":\"$owner_password\"}" | sed 's/.*"token":"\([^"]*\)".*/\1/'
}

# free_port prints a loopback port nothing listens on (other runs share the machine).
free_port() {
  local p
  while :; do
    p=$((20000 + RANDOM % 20000))
    (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null || { echo "$p"; return; }
  done
}
