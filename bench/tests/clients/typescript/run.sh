#!/usr/bin/env bash
# Typed-client test: generates a TypeScript client from the contract (openapi-typescript),
# type-checks it under --strict and runs it through openapi-fetch against a live server on
# loopback: build, seed, a read-write key, serve with rate limits off, then npm ci, generate,
# typecheck and test. The server and the temp data are removed on exit, pass or fail.
#
#   bash bench/tests/clients/typescript/run.sh
#
# Needs Go (GOTOOLCHAIN=auto), node 20 and npm (the registry reachable for npm ci), curl.
client=$(cd "$(dirname "$0")" && pwd)
source "$client/../../../lib.sh" # cd to the repository root; work dir, server and trap

build_server
cca seed >/dev/null
key=$(new_key "typescript client" read,write)
port=$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')
start_server "$port" --rate-limits=off

cd "$client"
npm ci --no-audit --no-fund
npm run generate
npm run typecheck
BASE_URL="http://127.0.0.1:$port" API_KEY="$key" npm test
