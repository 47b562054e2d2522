// The event stream (GET /api/v1/webhooks/stream) as the eventsource package reads it: events
// within a second of their commit (p99 printed), writes of a second server on the same data
// directory, a restart of the server the stream is on (the client reconnects by itself with
// Last-Event-ID and gets what was written while it was down, in order, once), a resume from a
// chosen Last-Event-ID, and the 410 of an id no event has. run.sh sets the environment.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { after, test } from "node:test";
import { EventSource } from "eventsource";

function required(name) {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests through run.sh`);
  return value;
}

const bin = required("SERVER_BIN");
const dataDir = required("DATA_DIR");
const readKey = required("READ_KEY");
const writeKey = required("WRITE_KEY");
const base = `http://127.0.0.1:${required("PORT")}`;
const base2 = `http://127.0.0.1:${required("PORT2")}`;
const streamURL = `${base}/api/v1/webhooks/stream?events=content.created`;

const running = new Set();
after(async () => {
  for (const child of running) await stop(child);
});

/** serve starts the binary on base's port and waits for its health check. */
async function serve(url) {
  const child = spawn(bin, ["--dev=false", "--dir", dataDir, "serve", "--http", new URL(url).host, "--rate-limits=off"],
    { stdio: ["ignore", "ignore", "inherit"] });
  running.add(child);
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server on ${url} did not start`);
}

async function stop(child) {
  if (child.exitCode === null && child.signalCode === null) {
    child.kill("SIGTERM");
    await once(child, "exit");
  }
  running.delete(child);
}

/** createPost publishes a post through the server at url. */
async function createPost(url, title) {
  const res = await fetch(`${url}/api/v1/posts`, {
    method: "POST",
    headers: { Authorization: `Bearer ${writeKey}`, "Content-Type": "application/json" },
    body: JSON.stringify({ title, visibility: "public", draft: false }),
  });
  assert.equal(res.status, 201, await res.text());
}

/** open connects an EventSource with the read key (and more headers), and collects its
 * content.created events; next() waits for the next one. */
function open(url, headers = {}) {
  const es = new EventSource(url, {
    fetch: (input, init) => fetch(input, { ...init, headers: { ...init.headers, Authorization: `Bearer ${readKey}`, ...headers } }),
  });
  const queue = [];
  let wake = null;
  es.addEventListener("content.created", (e) => {
    queue.push({ id: e.lastEventId, body: JSON.parse(e.data), at: performance.now() });
    wake?.();
  });
  return {
    es,
    opened: new Promise((resolve, reject) => {
      es.onopen = resolve;
      es.onerror = (err) => es.readyState === EventSource.CLOSED && reject(err);
    }),
    async next() {
      const deadline = Date.now() + 15000; // a safety net: a missing event fails instead of hanging
      while (queue.length === 0) {
        if (Date.now() > deadline) throw new Error("no event within 15 s");
        await new Promise((r) => { wake = r; setTimeout(r, 200); });
      }
      return queue.shift();
    },
  };
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

test("events arrive within a second, from a second server too, and survive a restart", async () => {
  let first = await serve(base);
  await serve(base2);
  const stream = open(streamURL);
  await stream.opened;

  const titles = [];
  const latencies = [];
  const seen = [];
  const expect = async (title, since) => {
    const ev = await stream.next();
    seen.push(ev);
    assert.equal(ev.body.data.title, title);
    assert.equal(ev.body.id, ev.id, "the data's id is the message's id");
    assert.equal(ev.body.event, "content.created");
    assert.match(ev.body.timestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    if (since !== undefined) latencies.push(ev.at - since);
  };
  for (let i = 0; i < 60; i++) {
    // half through the stream's server, half through the second process
    const title = `live ${i}`;
    const t0 = performance.now();
    await createPost(i % 2 === 0 ? base : base2, title);
    titles.push(title);
    await expect(title, t0);
  }

  await stop(first); // the stream drops; the client keeps trying
  for (const title of ["while down 1", "while down 2"]) {
    await createPost(base2, title);
    titles.push(title);
  }
  first = await serve(base);
  await expect("while down 1");
  await expect("while down 2");
  const t0 = performance.now();
  await createPost(base, "after the restart");
  await expect("after the restart", t0);

  assert.equal(new Set(seen.map((e) => e.id)).size, seen.length, "an event came twice");
  stream.es.close();

  latencies.sort((a, b) => a - b);
  const p50 = percentile(latencies, 50).toFixed(0);
  const p99 = percentile(latencies, 99).toFixed(0);
  console.log(`event stream latency, write answered -> event received, ${latencies.length} events: p50 ${p50} ms, p99 ${p99} ms, max ${latencies.at(-1).toFixed(0)} ms`);
  assert.ok(Number(p99) < 1000, `p99 ${p99} ms`);

  // A client that resumes from a chosen event gets every later one, in order.
  const resumed = open(streamURL, { "Last-Event-ID": seen[0].id });
  for (const ev of seen.slice(1)) {
    assert.equal((await resumed.next()).id, ev.id);
  }
  resumed.es.close();
});

test("an id no event has is refused with 410 last_event_id_unknown", async () => {
  if (running.size === 0) await serve(base);
  const stream = open(streamURL, { "Last-Event-ID": "evt_zzzzzzzzzzzzzzz" });
  const err = await stream.opened.then(() => null, (e) => e);
  assert.ok(err, "the stream opened");
  assert.equal(err.code, 410);
  assert.equal(stream.es.readyState, EventSource.CLOSED);
  const res = await fetch(streamURL, { headers: { Authorization: `Bearer ${readKey}`, "Last-Event-ID": "evt_zzzzzzzzzzzzzzz" } });
  assert.equal((await res.json()).error.code, "last_event_id_unknown");
});
