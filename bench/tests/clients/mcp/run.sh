#!/usr/bin/env bash
# /mcp used by a client no one here wrote: the official MCP TypeScript SDK
# (@modelcontextprotocol/sdk, npm), against the real binary on loopback, seeded. Prints the
# size of the full tool list and how soon a revoked key is refused. Everything started is
# stopped on exit, pass or fail.
#
#   bash bench/tests/clients/mcp/run.sh
#
# Needs Go (GOTOOLCHAIN=auto), node 20 and npm (the registry reachable for npm ci), curl.
client=$(cd "$(dirname "$0")" && pwd)
source "$client/../../../lib.sh" # cd to the repository root; work dir, server and trap

build_server
cca seed >/dev/null
full_key=$(new_key "mcp full" read,write,read:analytics,read:members,read:content)
read_key=$(new_key "mcp reader" read)
revoked_key=$(new_key "mcp revoked" read)
port=$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')
start_server "$port" --rate-limits=off
token=$(owner_token "http://127.0.0.1:$port")

cd "$client"
npm ci --no-audit --no-fund
BASE_URL="http://127.0.0.1:$port" FULL_KEY="$full_key" READ_KEY="$read_key" REVOKED_KEY="$revoked_key" \
  OWNER_TOKEN="$token" npm test
