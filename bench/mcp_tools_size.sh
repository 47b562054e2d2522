#!/usr/bin/env bash
# Prints the size of /mcp's tools/list answer for a key with every scope a tool needs (the
# issue's budget: at most 12 KB of JSON), and each tool's share, from the real binary.
#
#   bash bench/mcp_tools_size.sh
source "$(dirname "$0")/lib.sh" # cd to the repository root; work dir, server and trap

build_server
key=$(new_key "tools size" read,write,read:analytics,read:members,read:content)
port=$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')
start_server "$port"
curl -fs "http://127.0.0.1:$port/mcp" -H "Authorization: Bearer $key" -H 'Content-Type: application/json' \
  -H 'Accept: application/json, text/event-stream' -H 'MCP-Protocol-Version: 2025-11-25' \
  -d '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' >"$work/tools.json"
bytes=$(wc -c <"$work/tools.json")
node -e '
const tools = JSON.parse(require("fs").readFileSync(process.argv[1])).result.tools;
for (const t of tools) console.log(`  ${t.name.padEnd(14)} ${JSON.stringify(t).length} bytes`);
' "$work/tools.json"
echo "tools/list: $bytes bytes of JSON for a full-scope key (budget 12288)"
[ "$bytes" -le 12288 ]
