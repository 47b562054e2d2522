#!/usr/bin/env bash
# Typed Go client test: generates a Go client from the contract with oapi-codegen (pinned),
# compiles it untouched in this module of its own (the main go.mod stays clean), and runs
# errors_test.go against a live server on loopback: build, seed, a read-write and a read-only
# key, serve with a poll cap of one poll a minute (the 429), then vet and test. The server and
# the temp data are removed on exit, pass or fail.
#
#   bash bench/tests/clients/go/run.sh
#
# Needs Go (GOTOOLCHAIN=auto; the module proxy reachable) and curl.
client=$(cd "$(dirname "$0")" && pwd)
source "$client/../../../lib.sh" # cd to the repository root; work dir, server and trap
oapi_codegen=github.com/oapi-codegen/oapi-codegen/v2/cmd/oapi-codegen@v2.8.2

build_server
cca seed >/dev/null
write_key=$(new_key "go client" read,write)
read_key=$(new_key "go client, read only" read)
port=$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')
start_server "$port" --rate-normal 1000/s:1000 --rate-poll 1/min:1

cd "$client"
mkdir -p client
go run "$oapi_codegen" -config oapi-codegen.yaml ../../../../pb_public/openapi.json
go vet ./...
BASE_URL="http://127.0.0.1:$port" WRITE_KEY="$write_key" READ_KEY="$read_key" go test -count=1 ./...
