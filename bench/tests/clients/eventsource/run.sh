#!/usr/bin/env bash
# The event stream read by a client no one here wrote: the eventsource package (npm), a WHATWG
# EventSource, against the real binary. stream.test.mjs starts the servers itself (one it
# restarts, a second one on the same data directory that writes while the first is down);
# this script builds the binary, makes the keys and hands them over. Everything started is
# stopped on exit, pass or fail.
#
#   bash bench/tests/clients/eventsource/run.sh
#
# Needs Go (GOTOOLCHAIN=auto), node 20 and npm (the registry reachable for npm ci).
client=$(cd "$(dirname "$0")" && pwd)
source "$client/../../../lib.sh" # cd to the repository root; work dir, server and trap

build_server
read_key=$(new_key "eventsource reader" read)
write_key=$(new_key "eventsource writer" write)
free_port() { node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })'; }

cd "$client"
npm ci --no-audit --no-fund
SERVER_BIN="$work/server" DATA_DIR="$data" PORT=$(free_port) PORT2=$(free_port) \
  READ_KEY="$read_key" WRITE_KEY="$write_key" npm test
