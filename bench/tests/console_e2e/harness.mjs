// Test harness of the console's browser tests: builds and starts the real server on a free
// loopback port with a fresh data directory, talks to PocketBase's records API as the owner,
// runs a local webhook receiver and an SMTP server process, and launches Debian's Chromium
// through playwright-core.
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';

const execFileP = promisify(execFile);

/** repoRoot is the Go module's root, two folders up. */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** CHROMIUM is Debian's Chromium: never a browser downloaded by a test tool. */
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** tempDir makes a fresh directory for one run's binary and data. */
export function tempDir() {
  return mkdtemp(join(tmpdir(), 'console-e2e-'));
}

export function removeDir(dir) {
  return rm(dir, { recursive: true, force: true });
}

/**
 * buildServer compiles the server into dir (E2E_SERVER_BIN names a prebuilt binary instead,
 * for quick runs while editing the console only).
 */
export async function buildServer(dir) {
  if (process.env.E2E_SERVER_BIN) return process.env.E2E_SERVER_BIN;
  const bin = join(dir, 'server');
  await execFileP('go', ['build', '-o', bin, '.'], {
    cwd: repoRoot,
    env: { ...process.env, GOTOOLCHAIN: 'auto' },
    maxBuffer: 16 << 20,
  });
  return bin;
}

/** freePort asks the kernel for a free loopback port. */
export async function freePort() {
  const srv = net.createServer();
  srv.listen(0, '127.0.0.1');
  await once(srv, 'listening');
  const { port } = srv.address();
  srv.close();
  await once(srv, 'close');
  return port;
}

/** waitFor polls check every interval ms until it returns a truthy value, or fails after timeout ms. */
export async function waitFor(check, { timeout = 15000, interval = 100, what = 'condition' } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() >= deadline) throw new Error(`timed out after ${timeout} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, interval));
  }
}

/**
 * startServer makes the owner (superuser upsert) in a new data directory and serves the API
 * and pb_public on a free loopback port, rate limits off.
 */
export async function startServer({ bin, dir, email, password }) {
  const dataDir = join(dir, 'pb_data');
  await execFileP(bin, ['--dir', dataDir, 'superuser', 'upsert', email, password]);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(bin, [
    '--dir', dataDir, 'serve', '--http', `127.0.0.1:${port}`, '--rate-limits=off',
    '--publicDir', join(repoRoot, 'pb_public'),
  ], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (d) => { log += d; });
  child.stderr.on('data', (d) => { log += d; });
  const exited = once(child, 'exit');
  try {
    await waitFor(async () => {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log}`);
      try {
        return (await fetch(`${url}/api/health`)).ok;
      } catch {
        return false;
      }
    }, { timeout: 30000, what: 'the server to answer /api/health' });
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    url,
    log: () => log,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Owner is PocketBase's REST API with the superuser's token. */
export class Owner {
  constructor(url, token) {
    this.url = url;
    this.token = token;
  }

  static async login(url, email, password) {
    const res = await fetch(`${url}/api/collections/_superusers/auth-with-password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ identity: email, password }),
    });
    if (!res.ok) throw new Error(`superuser login: ${res.status} ${await res.text()}`);
    return new Owner(url, (await res.json()).token);
  }

  /** send returns {status, body} (body parsed when JSON). */
  async send(method, path, body) {
    const headers = { Authorization: this.token };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${this.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    let parsed = text;
    try { parsed = JSON.parse(text); } catch { /* not JSON */ }
    return { status: res.status, body: parsed };
  }

  async create(collection, fields) {
    const r = await this.send('POST', `/api/collections/${collection}/records`, fields);
    if (r.status !== 200) throw new Error(`create ${collection}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  }

  async first(collection) {
    const r = await this.send('GET', `/api/collections/${collection}/records?perPage=1&sort=created`);
    if (r.status !== 200) throw new Error(`list ${collection}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.items[0];
  }

  async update(collection, id, fields) {
    const r = await this.send('PATCH', `/api/collections/${collection}/records/${id}`, fields);
    if (r.status !== 200) throw new Error(`update ${collection}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  }

  /**
   * missing reports why an admin endpoint is not there (404 not_found, or 405
   * method_not_allowed when the path has other methods), or '' when it answers. The probe
   * sends no body, so an endpoint that exists refuses it without changing anything.
   */
  async missing(method, path) {
    const r = await this.send(method, path);
    const code = r.body?.error?.code;
    if ((r.status === 404 && code === 'not_found') || (r.status === 405 && code === 'method_not_allowed')) {
      return `${method} ${path} answers ${r.status} ${code}: the endpoint is not in this build yet`;
    }
    return '';
  }
}

/**
 * startReceiver serves a webhook receiver on 127.0.0.1 that records each request and answers
 * 200 {"ok":true}, or 500 while failNext > 0.
 */
export async function startReceiver() {
  const state = { received: [], failNext: 0 };
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json = null;
      try { json = JSON.parse(body); } catch { /* keep raw */ }
      const failed = state.failNext > 0;
      if (failed) state.failNext -= 1;
      state.received.push({ method: req.method, url: req.url, headers: req.headers, body, json, answered: failed ? 500 : 200 });
      if (failed) {
        res.writeHead(500, { 'Content-Type': 'text/plain' });
        res.end('receiver is down for the test');
      } else {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end('{"ok":true,"receiver":"console-e2e"}');
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${server.address().port}/hooks`,
    state,
    close: () => new Promise((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}

/** SMTP_PYTHON is Debian's python3, which has the aiosmtpd package (python3-aiosmtpd). */
const SMTP_PYTHON = '/usr/bin/python3';

/**
 * startSMTPSink runs a real SMTP server process on 127.0.0.1:port (aiosmtpd with its Mailbox
 * handler, writing every message it takes to the maildir mailDir) and waits for its port.
 */
export async function startSMTPSink(port, mailDir) {
  const child = spawn(SMTP_PYTHON, ['-m', 'aiosmtpd', '-n', '-l', `127.0.0.1:${port}`, '-c', 'aiosmtpd.handlers.Mailbox', mailDir],
    { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (d) => { log += d; });
  child.stderr.on('data', (d) => { log += d; });
  const exited = once(child, 'exit');
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await exited;
  };
  try {
    await waitFor(() => {
      if (child.exitCode !== null) throw new Error(`the SMTP sink exited with ${child.exitCode}:\n${log}`);
      return new Promise((resolve) => {
        const socket = net.connect(port, '127.0.0.1');
        socket.once('connect', () => { socket.destroy(); resolve(true); });
        socket.once('error', () => resolve(false));
      });
    }, { what: 'the SMTP sink to listen' });
  } catch (err) {
    await stop();
    throw err;
  }
  return { stop, log: () => log };
}

/** launchBrowser starts Debian's headless Chromium with the flags this machine needs. */
export function launchBrowser() {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}
