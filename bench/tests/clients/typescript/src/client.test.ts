// The contract's promise to a TypeScript site: a client generated from /openapi.json
// (openapi-typescript) and called through openapi-fetch type-checks under --strict and works
// against a live server. run.sh starts the server and sets BASE_URL and API_KEY (read, write).
import assert from "node:assert/strict";
import { test } from "node:test";
import createClient from "openapi-fetch";
import type { components, paths } from "./schema.js";

type ErrorCode = components["schemas"]["ErrorCode"];

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests through run.sh`);
  return value;
}

const client = createClient<paths, `${string}/json`>({ // the JSON answers (reads by slug also offer text/markdown)
  baseUrl: required("BASE_URL"),
  headers: { Authorization: `Bearer ${required("API_KEY")}` },
});

/** createPost publishes a post and returns it, failing the test on any other answer. */
async function createPost(title: string): Promise<components["schemas"]["Post"]> {
  const body: components["schemas"]["PostCreate"] = {
    title,
    excerpt: "Made by the typed client test",
    content: "<p>Typed.</p>",
    tags: ["typescript"],
    visibility: "public",
    draft: false,
  };
  const { data, error, response } = await client.POST("/api/v1/posts", { body });
  assert.equal(response.status, 201, JSON.stringify(error));
  assert.ok(data);
  return data.data;
}

/** deletePost deletes a post by id, failing the test on any answer but 204. */
async function deletePost(id: string): Promise<void> {
  const { error, response } = await client.DELETE("/api/v1/posts/{idOrSlug}", {
    params: { path: { idOrSlug: id } },
  });
  assert.equal(response.status, 204, JSON.stringify(error));
}

test("schedules a post with published_at", async () => {
  const { data, error, response } = await client.POST("/api/v1/posts", {
    body: { title: "Typed client schedule", visibility: "public", draft: false, published_at: "2099-01-01T09:00:00Z" },
  });
  assert.equal(response.status, 201, JSON.stringify(error));
  assert.ok(data);
  assert.equal(data.data.published_at, "2099-01-01 09:00:00.000Z");
  await deletePost(data.data.id);
});

test("reads the profile", async () => {
  const { data, error, response } = await client.GET("/api/v1/profile");
  assert.equal(response.status, 200, JSON.stringify(error));
  assert.ok(data);
  assert.equal(typeof data.data.name, "string");
  assert.notEqual(data.data.name, "");
});

test("walks the posts cursor list to the end", async () => {
  const seen = new Set<string>();
  let cursor: string | undefined;
  let total = -1;
  let pages = 0;
  do {
    const { data, error, response } = await client.GET("/api/v1/posts", {
      params: { query: { limit: 5, sort: "-created", cursor } },
    });
    assert.equal(response.status, 200, JSON.stringify(error));
    assert.ok(data);
    for (const post of data.data) {
      assert.ok(!seen.has(post.id), `post ${post.id} listed twice`);
      seen.add(post.id);
    }
    total = data.total;
    cursor = data.next_cursor;
    pages++;
  } while (cursor !== undefined);
  assert.ok(pages > 1, `the seeded posts fit on ${pages} page`);
  assert.equal(seen.size, total);
});

test("creates, reads and deletes a post, then gets a typed 404", async () => {
  const post = await createPost("Typed client round trip");
  const got = await client.GET("/api/v1/posts/{idOrSlug}", {
    params: { path: { idOrSlug: post.slug } },
  });
  assert.equal(got.response.status, 200);
  assert.equal(got.data?.data.id, post.id);
  assert.equal(got.data?.data.content, "<p>Typed.</p>");

  await deletePost(post.id);

  const gone = await client.GET("/api/v1/posts/{idOrSlug}", {
    params: { path: { idOrSlug: post.slug } },
  });
  assert.equal(gone.response.status, 404);
  assert.equal(gone.data, undefined);
  assert.ok(gone.error);
  const code: ErrorCode = gone.error.error.code;
  assert.equal(code, "not_found");
});

test("gets a typed 400 for a parameter out of bounds", async () => {
  const { data, error, response } = await client.GET("/api/v1/posts", {
    params: { query: { limit: 0 } },
  });
  assert.equal(response.status, 400);
  assert.equal(data, undefined);
  assert.ok(error);
  const code: ErrorCode = error.error.code;
  assert.equal(code, "invalid_request");
  assert.match(error.error.message, /limit/);
});

test("polls the content.created event of a new post", async () => {
  const since = new Date(Date.now() - 1000).toISOString();
  const post = await createPost("Typed client poll");
  try {
    const events: components["schemas"]["WebhookEvent"][] = [];
    let cursor: string | undefined;
    do {
      const { data, error, response } = await client.GET("/api/v1/webhooks/poll/{event}", {
        params: { path: { event: "content.created" }, query: { since, cursor } },
      });
      assert.equal(response.status, 200, JSON.stringify(error));
      assert.ok(data);
      events.push(...data.data);
      cursor = data.next_cursor;
    } while (cursor !== undefined);

    const ours = events.filter((e) => e.event === "content.created" && e.data.id === post.id);
    assert.equal(ours.length, 1, `content.created of ${post.id} among ${events.length} events`);
    const [event] = ours;
    assert.ok(event && event.event === "content.created");
    assert.equal(event.data.collection, "posts");
    assert.equal(event.data.slug, post.slug);
    assert.match(event.id, /^evt_/);
  } finally {
    await deletePost(post.id);
  }
});
