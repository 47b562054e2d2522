// /mcp as the official MCP TypeScript SDK's client uses it (Streamable HTTP, a static Bearer
// key in the request headers, no OAuth): the tools a key's scopes allow, each tool's answer
// against its REST route's, the published content as Markdown resources, a read key's refused
// write, a revoked key refused within a second, and the size of the full tool list (printed).
// The client validates every structured result against its tool's output schema. run.sh
// starts the server and sets the environment.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

function required(name) {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests through run.sh`);
  return value;
}

const base = required("BASE_URL");
const fullKey = required("FULL_KEY");
const readKey = required("READ_KEY");
const revokedKey = required("REVOKED_KEY");
const ownerToken = required("OWNER_TOKEN");

/** connect opens a client session on /mcp with key as its Bearer header. */
async function connect(key) {
  const client = new Client({ name: "cca-mcp-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${key}` } },
  });
  await client.connect(transport);
  return client;
}

/** rest is the JSON of a REST GET with key. */
async function rest(path, key = fullKey) {
  const res = await fetch(`${base}${path}`, { headers: { Authorization: `Bearer ${key}` } });
  return { status: res.status, body: await res.json() };
}

/** call calls a tool and returns its structured result, failing on a tool error. */
async function call(client, name, args = {}) {
  const res = await client.callTool({ name, arguments: args });
  assert.ok(!res.isError, `${name}: ${JSON.stringify(res.content)}`);
  assert.deepEqual(JSON.parse(res.content[0].text), res.structuredContent, `${name}: text and structured content differ`);
  return res.structuredContent;
}

test("initialize negotiates 2025-11-25 and tools/list fits the budget", async () => {
  const client = await connect(fullKey);
  assert.equal(client.getServerVersion().name, "creator-content-api");
  const raw = await fetch(`${base}/mcp`, {
    method: "POST",
    headers: { Authorization: `Bearer ${fullKey}`, "Content-Type": "application/json", Accept: "application/json, text/event-stream",
      "MCP-Protocol-Version": "2025-11-25" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });
  const text = await raw.text();
  console.log(`tools/list for a full-scope key: ${text.length} bytes of JSON`);
  assert.ok(text.length <= 12 * 1024, `tools/list is ${text.length} bytes`);
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((t) => t.name).sort(),
    ["count_members", "create_draft", "get_analytics", "get_content", "get_profile", "list_content", "list_drafts", "list_tags", "publish", "update_draft"]);
  await client.close();
});

test("each tool answers what its REST route answers", async () => {
  const client = await connect(fullKey);
  const draft = await call(client, "create_draft", { collection: "posts",
    fields: { title: "Notes on MCP", visibility: "public", tags: ["mcp"], content: "<p>Drafted by an <em>assistant</em>.</p>" } });
  assert.equal(draft.data.draft, true);
  const drafts = await call(client, "list_drafts", { collection: "posts" });
  assert.ok(drafts.items.some((d) => d.id === draft.data.id), JSON.stringify(drafts));
  const updated = await call(client, "update_draft", { collection: "posts", id: draft.data.id, fields: { excerpt: "From notes" } });
  assert.equal(updated.data.id, draft.data.id);
  const published = await call(client, "publish", { collection: "posts", id: draft.data.id });
  assert.equal(published.data.draft, false);

  assert.deepEqual(await call(client, "list_content", { collection: "posts", limit: 5 }), (await rest("/api/v1/posts?limit=5")).body);
  assert.deepEqual(await call(client, "list_content", { collection: "posts", tag: "mcp" }), (await rest("/api/v1/posts?tag=mcp")).body);
  assert.deepEqual(await call(client, "list_content", { collection: "projects" }), (await rest("/api/v1/projects")).body);
  const slug = published.data.slug;
  assert.deepEqual(await call(client, "get_content", { collection: "posts", slug }), (await rest(`/api/v1/posts/${slug}`)).body);
  const md = await call(client, "get_content", { collection: "posts", slug, format: "markdown" });
  assert.equal(md.data.content, "Drafted by an *assistant*.");
  assert.deepEqual(await call(client, "get_profile"), (await rest("/api/v1/profile")).body);
  assert.deepEqual(await call(client, "list_tags"), (await rest("/api/v1/tags")).body);
  assert.deepEqual(await call(client, "get_analytics"), (await rest("/api/v2/analytics")).body);
  assert.deepEqual(await call(client, "count_members"), { total_items: (await rest("/api/v2/members?per_page=1")).body.total_items });

  const refused = await client.callTool({ name: "update_draft", arguments: { collection: "posts", id: draft.data.id, fields: { title: "x" } } });
  assert.equal(refused.isError, true);
  assert.equal(JSON.parse(refused.content[0].text).error.code, "conflict");
  await client.close();
});

test("published content is listed and read as Markdown resources", async () => {
  const client = await connect(readKey);
  const uris = [];
  let cursor;
  do {
    const page = await client.listResources(cursor ? { cursor } : {});
    uris.push(...page.resources.map((r) => r.uri));
    cursor = page.nextCursor;
  } while (cursor);
  const posts = (await rest("/api/v1/posts?limit=100", readKey)).body.data.map((p) => `content://posts/${p.slug}`);
  const projects = (await rest("/api/v1/projects?limit=100", readKey)).body.data.map((p) => `content://projects/${p.slug}`);
  assert.deepEqual(uris, [...posts, ...projects]);
  const doc = await client.readResource({ uri: "content://posts/notes-on-mcp" });
  assert.equal(doc.contents[0].mimeType, "text/markdown");
  assert.match(doc.contents[0].text, /^---\ntitle: "Notes on MCP"\nslug: "notes-on-mcp"\n[\s\S]*---\n\nDrafted by an \*assistant\*\.\n$/);
  await client.close();
});

test("a read key sees no write tool, and calling one is refused", async () => {
  const client = await connect(readKey);
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((t) => t.name).sort(), ["get_content", "get_profile", "list_content", "list_tags"]);
  const before = (await rest("/api/v1/posts?limit=100", readKey)).body.total;
  await assert.rejects(client.callTool({ name: "create_draft", arguments: { collection: "posts", fields: { title: "no", visibility: "public" } } }),
    /create_draft/);
  assert.equal((await rest("/api/v1/posts?limit=100", readKey)).body.total, before);
  await client.close();
});

test("no key is a 401 naming Bearer; a revoked key stops working within a second", async () => {
  const res = await fetch(`${base}/mcp`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
  assert.equal(res.status, 401);
  assert.equal(res.headers.get("www-authenticate"), 'Bearer realm="mcp"');
  await assert.rejects(connect("svc_live_" + "0".repeat(38)));

  const client = await connect(revokedKey);
  await call(client, "list_tags");
  const list = await fetch(`${base}/api/admin/api-keys`, { headers: { Authorization: ownerToken } });
  const key = (await list.json()).data.find((k) => k.name === "mcp revoked");
  const revoked = Date.now();
  assert.equal((await fetch(`${base}/api/admin/api-keys/${key.id}`, { method: "DELETE", headers: { Authorization: ownerToken } })).status, 204);
  await assert.rejects(client.callTool({ name: "list_tags", arguments: {} }));
  const took = Date.now() - revoked;
  console.log(`a revoked key was refused ${took} ms after the revocation`);
  assert.ok(took < 1000, `${took} ms`);
});
