// End-to-end tests of the owner console (/console/) in Debian's headless Chromium, driven by
// playwright-core, against the real server built from this repository and started on a free
// loopback port, with a local webhook receiver and, for the newsletter, a real SMTP server process
// (Debian's python3-aiosmtpd). Steps run in order, each a test; screenshots
// of every page go to ./screenshots/ (git-ignored).
//
//   npm ci && npm test                       # builds the server with `go build` first
//   E2E_SERVER_BIN=/path/to/server npm test  # reuse a built server (console-only changes)
//
// A part whose admin endpoint the server does not have yet (404 not_found) is reported as
// skipped with that reason, not faked.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { Owner, buildServer, freePort, launchBrowser, removeDir, startReceiver, startSMTPSink, startServer, tempDir, waitFor } from './harness.mjs';

const EMAIL = 'owner@example.com';
const PASSWORD = 'e2e-owner-password-1234';
const SHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));
const STEP = { timeout: 60_000 };

let dir; let server; let receiver; let browser; let context; let page; let owner;
let smtpSink; let smtpPort; let mailDir; // the SMTP server process the newsletter mails to, its port and maildir
const missing = { webhooks: '', register: '', analytics: '' };
const problems = []; // uncaught page errors and CSP violations
const outside = []; // requests of any page to another host than the server's (Chromium's network log)

/** shot saves a full-page screenshot under screenshots/. */
function shot(name) {
  return page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** apiGet calls the public API with an API key, from node (as a site's server would). */
async function apiGet(path, key) {
  const res = await fetch(`${server.url}${path}`, { headers: { Authorization: `Bearer ${key}` } });
  const body = await res.json().catch(() => null);
  return { status: res.status, body };
}

/** noSecretLeft asserts that secret is nowhere in the page's DOM or web storage. */
async function noSecretLeft(secret) {
  assert.equal((await page.content()).includes(secret), false, 'secret still in the DOM');
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
  assert.equal(stored.includes(secret), false, 'secret in web storage');
  const fields = await page.evaluate(() => [...document.querySelectorAll('input, textarea')].map((i) => `${i.outerHTML}=${i.value}`));
  assert.deepEqual(fields.filter((f) => f.includes(secret)), [], 'secret in a form field');
}

const heading = (name) => page.getByRole('heading', { level: 1, name });
const dialog = (name) => page.getByRole('dialog', { name });
const keyRow = (name) => page.locator('tbody tr', { has: page.getByRole('rowheader', { name, exact: true }) });

describe('owner console', { timeout: 15 * 60_000 }, () => {
  before(async () => {
    await rm(SHOTS, { recursive: true, force: true });
    await mkdir(SHOTS, { recursive: true });
    dir = await tempDir();
    const bin = await buildServer(dir);
    server = await startServer({ bin, dir, email: EMAIL, password: PASSWORD });
    owner = await Owner.login(server.url, EMAIL, PASSWORD);
    await owner.create('profile', { name: 'E2E Owner', headline: 'Writes tests' });
    missing.webhooks = await owner.missing('GET', '/api/admin/webhooks');
    missing.register = missing.webhooks || await owner.missing('POST', '/api/admin/webhooks');
    missing.analytics = await owner.missing('GET', '/api/admin/analytics');
    receiver = await startReceiver();
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 960 } });
    context.on('request', (req) => {
      const url = new URL(req.url());
      if (url.protocol !== 'data:' && url.protocol !== 'blob:' && url.origin !== server.url) outside.push(`${req.method()} ${req.url()}`);
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    page.on('console', (msg) => {
      if (/Content Security Policy/i.test(msg.text())) problems.push(`CSP: ${msg.text()}`);
    });
  });

  // A step that failed may leave a dialog open: start every step without one.
  beforeEach(async () => {
    await page?.evaluate(() => document.querySelectorAll('dialog[open]').forEach((d) => d.close()));
  });

  after(async () => {
    await browser?.close();
    await receiver?.close();
    await smtpSink?.stop();
    await server?.stop();
    if (server) await writeFile(join(SHOTS, 'server.log'), server.log());
    if (dir) await removeDir(dir);
  });

  test('log in as the owner (a wrong password is refused with a clear message)', STEP, async () => {
    await page.goto(`${server.url}/console/`);
    await heading('Owner console').waitFor();
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Wrong email or password' }).waitFor();
    await shot('01-login-refused');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await heading('API keys').waitFor();
    await page.getByText('No keys yet').waitFor();
    assert.equal(await page.getByRole('link', { name: 'API keys' }).getAttribute('aria-current'), 'page');
    // The card that tells the owner how to connect an assistant, with this server's /mcp.
    await page.getByRole('heading', { name: 'Connect an assistant', level: 2 }).waitFor();
    await page.getByText(`claude mcp add --transport http site ${new URL(page.url()).origin}/mcp`).waitFor();
  });

  test('the key dialog is keyboard usable: focus moves in, Escape closes it, focus comes back', STEP, async () => {
    const open = page.getByRole('button', { name: 'New key' });
    await open.focus();
    await page.keyboard.press('Enter');
    await dialog('New API key').waitFor();
    assert.equal(await page.evaluate(() => document.activeElement.getAttribute('name')), 'name');
    await page.keyboard.press('Escape');
    await dialog('New API key').waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => document.activeElement.textContent), 'New key');
  });

  let key; let rotatedKey;

  test('create a key: scopes explained, API errors shown, the full key shown once', STEP, async () => {
    await page.getByRole('button', { name: 'New key' }).click();
    const d = dialog('New API key');
    await d.getByLabel('Name').fill('Site e2e');
    await d.getByRole('button', { name: 'Create key' }).click();
    await d.getByRole('alert').filter({ hasText: 'Choose at least one scope.' }).waitFor();

    const read = d.getByRole('checkbox', { name: 'read', exact: true });
    assert.match(await read.getAttribute('aria-describedby'), /scope-/);
    await read.check();
    await d.getByLabel('Allowed origins').fill('ftp://not-an-origin');
    await d.getByRole('button', { name: 'Create key' }).click();
    // The server's envelope, shown as it is: 400 naming the field.
    await d.getByRole('alert').filter({ hasText: 'allowed_origins' }).waitFor();
    await shot('02-key-form-with-api-error');
    await d.getByLabel('Allowed origins').fill('');
    await d.getByRole('button', { name: 'Create key' }).click();

    const once = dialog('Key “Site e2e” created');
    await once.waitFor();
    await once.getByText('you will not see this again').waitFor();
    key = await once.getByLabel('Your new API key').inputValue();
    assert.match(key, /^svc_live_[0-9A-Za-z]{38}$/);
    await shot('03-key-shown-once');

    await once.getByRole('button', { name: 'Copy' }).click();
    await once.getByText('Copied to the clipboard.').waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), key);
    await page.evaluate(() => navigator.clipboard.writeText(''));

    await once.getByRole('button', { name: 'Done, I have stored it' }).click();
    await once.waitFor({ state: 'detached' });
    await noSecretLeft(key);
    const row = keyRow('Site e2e');
    await row.getByText(`${key.slice(0, 17)}…${key.slice(-4)}`).waitFor();
    await row.getByText('Active', { exact: true }).waitFor();
    await shot('04-keys-list');
  });

  test('the key works against /api/v1/profile', STEP, async () => {
    const r = await apiGet('/api/v1/profile', key);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.data.name, 'E2E Owner');
  });

  test('rotate: the new key shown once, and when the old one stops', STEP, async () => {
    await keyRow('Site e2e').getByRole('button', { name: 'Rotate key Site e2e' }).click();
    await dialog('Rotate key “Site e2e”?').getByRole('button', { name: 'Rotate key' }).click();
    const once = dialog('Key “Site e2e” rotated');
    await once.waitFor();
    rotatedKey = await once.getByLabel('Your new API key').inputValue();
    assert.match(rotatedKey, /^svc_live_[0-9A-Za-z]{38}$/);
    assert.notEqual(rotatedKey, key);
    await once.getByText('The old key stops working at').waitFor();
    await shot('05-key-rotated');
    await once.getByRole('button', { name: 'Done, I have stored it' }).click();
    await once.waitFor({ state: 'detached' });
    await noSecretLeft(rotatedKey);
    await keyRow('Site e2e').getByText('Old key works until').waitFor();

    assert.equal((await apiGet('/api/v1/profile', rotatedKey)).status, 200);
    assert.equal((await apiGet('/api/v1/profile', key)).status, 200, 'the old key works during its grace period');
  });

  test('edit scopes, switch off and on', STEP, async () => {
    await keyRow('Site e2e').getByRole('button', { name: 'Edit key Site e2e' }).click();
    const d = dialog('Edit key “Site e2e”');
    assert.equal(await d.getByRole('checkbox', { name: 'read', exact: true }).isChecked(), true);
    await d.getByRole('checkbox', { name: 'read:content', exact: true }).check();
    await d.getByRole('button', { name: 'Save changes' }).click();
    await d.waitFor({ state: 'detached' });
    await keyRow('Site e2e').getByText('read:content').waitFor();

    await keyRow('Site e2e').getByRole('button', { name: 'Switch off key Site e2e' }).click();
    await keyRow('Site e2e').getByText('Switched off', { exact: true }).waitFor();
    const off = await apiGet('/api/v1/profile', rotatedKey);
    assert.equal(off.status, 403);
    assert.equal(off.body.error.code, 'key_disabled');
    await keyRow('Site e2e').getByRole('button', { name: 'Switch on key Site e2e' }).click();
    await keyRow('Site e2e').getByText('Active', { exact: true }).waitFor();
    assert.equal((await apiGet('/api/v1/profile', rotatedKey)).status, 200);
  });

  test('revoke asks first (focus on Cancel), then the key is refused', STEP, async () => {
    await keyRow('Site e2e').getByRole('button', { name: 'Revoke key Site e2e' }).click();
    const d = dialog('Revoke key “Site e2e”?');
    await d.waitFor();
    assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Cancel');
    await shot('06-key-revoke-confirm');
    await d.getByRole('button', { name: 'Revoke key' }).click();
    await page.getByText('No keys yet').waitFor();
    assert.equal((await apiGet('/api/v1/profile', rotatedKey)).status, 401);
  });

  let hookSecret;

  /** registerThroughV2 subscribes the receiver with a write:webhooks key; returns the secret. */
  async function registerThroughV2() {
    const k = await owner.send('POST', '/api/admin/api-keys', { name: 'e2e webhooks', scopes: ['write:webhooks'] });
    assert.equal(k.status, 201, JSON.stringify(k.body));
    const res = await fetch(`${server.url}/api/v2/webhooks`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${k.body.data.key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: receiver.url, events: ['testimonial.submitted'], description: 'e2e receiver' }),
    });
    const body = await res.json();
    assert.equal(res.status, 201, JSON.stringify(body));
    await owner.send('DELETE', `/api/admin/api-keys/${k.body.data.id}`);
    return body.secret;
  }

  const card = () => page.locator('article.card', { hasText: receiver.url });

  test('register a webhook to the local receiver: the signing secret shown once', STEP, async (t) => {
    if (missing.webhooks) return t.skip(missing.webhooks);
    const settings = await owner.first('site_settings');
    await owner.update('site_settings', settings.id, { webhooks_allow_private: true });
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await heading('Webhooks').waitFor();
    if (missing.register) {
      // The steps after this one still need a subscription: register it through the v2 API
      // with a key, as a site would, and report the console's own registration as skipped.
      hookSecret = await registerThroughV2();
      await page.reload();
      await card().getByText('Enabled', { exact: true }).waitFor();
      return t.skip(`${missing.register} (registered through POST /api/v2/webhooks instead)`);
    }

    await page.getByRole('button', { name: 'Register webhook' }).click();
    const d = dialog('Register a webhook');
    await d.getByLabel('Receiver URL').fill(receiver.url);
    await d.getByRole('checkbox', { name: 'testimonial.submitted', exact: true }).check();
    await d.getByRole('checkbox', { name: 'testimonials', exact: true }).check(); // the filter
    await d.getByLabel('Description (optional)').fill('e2e receiver');
    await d.getByRole('button', { name: 'Register' }).click();

    const once = dialog('Webhook registered');
    await once.waitFor();
    hookSecret = await once.getByLabel('Signing secret').inputValue();
    assert.match(hookSecret, /^whsec_[A-Za-z0-9+/=]{40,}$/);
    await shot('07-webhook-secret-once');
    await once.getByRole('button', { name: 'Done, I have stored it' }).click();
    await once.waitFor({ state: 'detached' });
    await noSecretLeft(hookSecret);
    await card().getByText('Enabled', { exact: true }).waitFor();
    await card().getByText('testimonial.submitted').waitFor();
    await card().getByText('Only from').waitFor();
  });

  test('send a test delivery: received, signed with the shown secret, result shown', STEP, async (t) => {
    if (missing.webhooks) return t.skip(missing.webhooks);
    const before = receiver.state.received.length;
    await card().getByRole('button', { name: 'Send test delivery' }).click();
    const result = card().locator('.test-result > p:not(.muted)');
    await result.waitFor();
    assert.match(await result.textContent(), /^Test delivered: HTTP 200 in \d+ ms\.$/);
    await card().getByText('console-e2e').waitFor(); // the receiver's answer, excerpted
    assert.equal(receiver.state.received.length, before + 1);
    const got = receiver.state.received.at(-1);
    assert.equal(got.method, 'POST');
    const want = `sha256=${createHmac('sha256', hookSecret).update(got.body).digest('hex')}`;
    assert.equal(got.headers['x-service-signature'], want, 'signed with the secret the console showed');
    await shot('08-webhook-test-delivered');
  });

  test('delivery history: a failed delivery, redelivered now', STEP, async (t) => {
    if (missing.webhooks) return t.skip(missing.webhooks);
    receiver.state.failNext = 1;
    const before = receiver.state.received.length;
    await owner.create('testimonials', { name: 'Ada', email: 'ada@example.com', body: 'Great course.' });
    await waitFor(() => receiver.state.received.length > before, { what: 'the testimonial.submitted delivery' });

    await card().getByRole('button', { name: 'Show deliveries' }).click();
    const history = card().locator('.history');
    const failedRow = history.locator('tbody tr', { hasText: 'testimonial.submitted' });
    await waitFor(async () => {
      if (await failedRow.getByRole('button', { name: /Redeliver/ }).count()) return true;
      await history.getByRole('button', { name: 'Refresh deliveries' }).click();
      return false;
    }, { timeout: 20000, interval: 500, what: 'the failed delivery in the history' });
    // .first(): the last answer's cell, before the same text in the folded list of attempts.
    await failedRow.getByText('HTTP 500').first().waitFor();
    await failedRow.getByText('receiver is down for the test').first().waitFor();
    await page.getByRole('button', { name: 'Refresh webhooks' }).click(); // the history stays open
    await card().locator('dd.warn', { hasText: '1' }).waitFor(); // one failure in a row
    await failedRow.getByText('pending').waitFor();
    await shot('09-webhook-history-failed');

    await failedRow.getByRole('button', { name: /Redeliver/ }).click();
    const problem = dialog('That did not work');
    await failedRow.getByText('succeeded').or(problem).waitFor();
    if (await problem.isVisible()) assert.fail(`redeliver refused: ${await problem.getByRole('alert').textContent()}`);
    await waitFor(() => receiver.state.received.length > before + 1, { what: 'the redelivery' });
    assert.equal(receiver.state.received.at(-1).answered, 200);
    assert.equal(receiver.state.received.at(-1).json.event, 'testimonial.submitted');

    // Every attempt is listed, oldest first: the failure with its answer, then the redelivery.
    await failedRow.getByText('2 attempts').click();
    const attempts = failedRow.locator('details.attempts li');
    assert.equal(await attempts.count(), 2);
    assert.match(await attempts.nth(0).textContent(), /HTTP 500 in \d+ ms[\s\S]*receiver is down for the test/);
    assert.match(await attempts.nth(1).textContent(), /HTTP 200 in \d+ ms/);
    // Each attempt shows the request headers it sent: the signatures, never the secret.
    await attempts.nth(0).getByText('Request headers').click();
    const sent = attempts.nth(0).locator('details.request-headers');
    await sent.getByText('X-Service-Signature').waitFor();
    assert.match(await sent.textContent(), /X-Service-Delivery\s*dlv_/);
    assert.doesNotMatch(await sent.textContent(), /whsec_/);
    await history.getByRole('img', { name: /^Last 7 days: \d+ attempts succeeded and \d+ failed/ }).waitFor();
    await shot('10-webhook-history-redelivered');
  });

  test('switch a webhook off and re-enable it', STEP, async (t) => {
    if (missing.webhooks) return t.skip(missing.webhooks);
    await card().getByRole('button', { name: 'Switch off' }).click();
    await card().getByText('Switched off', { exact: true }).waitFor();
    await card().getByRole('button', { name: 'Re-enable' }).click();
    await card().getByText('Enabled', { exact: true }).waitFor();
    assert.equal(await card().locator('dd.warn').count(), 0, `failure count reset: ${await card().textContent()}`);
  });

  test('a switched-off key holds its webhook\'s pushes, and the card says why', STEP, async (t) => {
    if (missing.webhooks) return t.skip(missing.webhooks);
    const k = await owner.send('POST', '/api/admin/api-keys', { name: 'e2e held', scopes: ['write:webhooks'] });
    assert.equal(k.status, 201, JSON.stringify(k.body));
    const url = receiver.url.replace(/\/hooks$/, '/held'); // not a text card() would match
    const res = await fetch(`${server.url}/api/v2/webhooks`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${k.body.data.key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ url, events: ['content.created'] }),
    });
    const sub = await res.json();
    assert.equal(res.status, 201, JSON.stringify(sub));
    const held = page.locator('article.card', { hasText: url });
    const keyPath = `/api/admin/api-keys/${k.body.data.id}`;
    assert.equal((await owner.send('PATCH', keyPath, { active: false })).status, 200);
    await page.getByRole('button', { name: 'Refresh webhooks' }).click();
    await held.getByText('Held', { exact: true }).waitFor();
    await held.locator('dd[data-paused="key_disabled"]', { hasText: 'its API key is switched off' }).waitFor();
    await shot('10b-webhook-held-by-its-key');
    assert.equal((await owner.send('PATCH', keyPath, { active: true })).status, 200);
    await page.getByRole('button', { name: 'Refresh webhooks' }).click();
    await held.getByText('Enabled', { exact: true }).waitFor();
    assert.equal(await held.locator('dd[data-paused]').count(), 0);
    await owner.send('DELETE', `/api/admin/webhooks/${sub.id}`);
    await owner.send('DELETE', keyPath);
    // Gone from the page too, so that no later step's card() finds two cards.
    await page.getByRole('button', { name: 'Refresh webhooks' }).click();
    await held.waitFor({ state: 'detached' });
  });

  test('re-send what a switched-off webhook missed: switched on again, the event delivered', STEP, async (t) => {
    if (missing.webhooks) return t.skip(missing.webhooks);
    await card().getByRole('button', { name: 'Switch off' }).click();
    await card().getByText('Switched off', { exact: true }).waitFor();
    const before = receiver.state.received.length;
    await owner.create('testimonials', { name: 'Grace', email: 'grace@example.com', body: 'Missed while off.' });
    await card().getByRole('button', { name: 'Re-send what it missed…' }).click();
    const d = dialog('Re-send what it missed');
    await d.getByLabel('Since').waitFor();
    await d.getByRole('button', { name: 'Switch on and re-send' }).click();
    await card().getByText('Enabled', { exact: true }).waitFor();
    await waitFor(() => receiver.state.received.some((r, i) => i >= before && r.json?.data?.name === 'Grace'), { what: 'the missed testimonial' });
    await page.getByText(/missed events? queued again for/).first().waitFor({ state: 'attached' });
    await shot('11-webhook-recovered');
  });

  test('analytics on the free plan: totals and a note about daily charts', STEP, async (t) => {
    if (missing.analytics) return t.skip(missing.analytics);
    await page.getByRole('link', { name: 'Analytics' }).click();
    await heading('Analytics').waitFor();
    await page.getByText('Daily charts come with the pro plan.').waitFor();
    await page.locator('p.feeds', { hasText: 'Not served: set site_url' }).waitFor(); // no site_url yet
    await page.getByText('Newsletter subscribers').waitFor();
    await shot('11-analytics-free');
  });

  test('analytics on pro and business: the daily chart, sales and top pages', STEP, async (t) => {
    if (missing.analytics) return t.skip(missing.analytics);
    const settings = await owner.first('site_settings');
    await owner.update('site_settings', settings.id, { plan: 'pro', site_url: 'https://e2e.example' });
    for (const path of ['/', '/posts/hello', '/posts/hello', '/about']) {
      await owner.create('page_views', { path, referrer: path === '/' ? 'https://news.example' : '' });
    }
    for (const name of ['Bo', 'Cy']) {
      await owner.create('members', { name, email: `${name.toLowerCase()}@example.com`, password: 'member-pass-123', passwordConfirm: 'member-pass-123' });
    }
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByRole('heading', { name: 'Per day' }).waitFor();
    await page.getByRole('img', { name: 'Per day' }).waitFor();
    await page.waitForFunction(() => window.Chart?.getChart('daily-chart'), null, { timeout: 10000 });
    const drawn = await page.evaluate(() => {
      const c = window.Chart?.getChart('daily-chart');
      return c ? { points: c.data.labels.length, views: c.data.datasets[0].data.reduce((a, b) => a + b, 0) } : null;
    });
    assert.ok(drawn, 'a Chart.js chart is drawn');
    assert.equal(drawn.points, 30);
    assert.equal(drawn.views, 4);
    await page.getByText('Sales (30 days)').waitFor();
    await page.locator('p.feeds', { hasText: 'Served.' }).waitFor(); // site_url set: the feeds answer
    await shot('12-analytics-pro');

    await owner.update('site_settings', settings.id, { plan: 'business' });
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByRole('heading', { name: 'Top pages' }).waitFor();
    await page.locator('section', { has: page.getByRole('heading', { name: 'Top pages' }) }).getByText('/posts/hello').waitFor();
    await shot('13-analytics-business');
  });

  let draft;

  test('history: a dashboard edit is listed, compared line by line and restored', STEP, async () => {
    draft = await owner.create('posts', { title: 'Draft post', slug: 'draft-post', visibility: 'public', draft: true,
      content: '<p>one</p>\n<p>two</p>' });
    await owner.update('posts', draft.id, { title: 'Draft post, edited', content: '<p>one</p>\n<p>2</p>' });
    await page.getByRole('link', { name: 'Content', exact: true }).click();
    await heading('Content').waitFor();
    await page.getByRole('button', { name: 'History of Draft post, edited' }).click();
    const panel = page.getByRole('region', { name: 'History of “Draft post, edited”' });
    const version = panel.locator('ol.revisions > li').first();
    await version.getByText(`by ${EMAIL}`).waitFor();
    await version.getByText('Before an edit').waitFor();
    await version.getByRole('button', { name: 'Show changes' }).click();
    await version.locator('del', { hasText: '- <p>two</p>' }).waitFor();
    await version.locator('ins', { hasText: '+ <p>2</p>' }).waitFor();
    await version.getByText('Draft post, edited').waitFor(); // the title: was …, now …
    await shot('14-history-diff');

    await version.getByRole('button', { name: 'Restore this version' }).click();
    await dialog('Restore this version of “Draft post, edited”?').getByRole('button', { name: 'Restore' }).click();
    await page.getByRole('rowheader', { name: 'Draft post', exact: true }).waitFor();
    const stored = await owner.send('GET', `/api/collections/posts/records/${draft.id}`);
    assert.equal(stored.body.title, 'Draft post');
    assert.equal(stored.body.content, '<p>one</p>\n<p>two</p>');
    const restored = page.getByRole('region', { name: 'History of “Draft post”' });
    await restored.locator('ol.revisions > li', { hasText: 'Before a restore' }).waitFor();
    assert.equal(await restored.locator('ol.revisions > li').count(), 2);
    await shot('15-history-restored');
  });

  test('preview link on a draft: shown once, read with a read key, never stored, revoked', STEP, async () => {
    const k = await owner.send('POST', '/api/admin/api-keys', { name: 'e2e site', scopes: ['read'] });
    assert.equal(k.status, 201, JSON.stringify(k.body));
    const readKey = k.body.data.key;
    await page.getByRole('button', { name: 'Preview link for Draft post' }).click();
    const shown = dialog('Preview link for “Draft post”');
    await shown.waitFor();
    const token = await shown.getByLabel('Preview token').inputValue();
    assert.match(token, /^pvw_/);
    const res = await fetch(`${server.url}/api/v1/previews/${token}`, { headers: { Authorization: `Bearer ${readKey}` } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'private, no-store');
    assert.equal((await res.json()).data.title, 'Draft post');
    await shot('16-preview-link');
    await shown.getByRole('button', { name: 'Done, I have stored it' }).click();
    await shown.waitFor({ state: 'detached' });
    await noSecretLeft(token);

    const links = page.getByRole('region', { name: 'Preview links' });
    await links.getByText(`posts/${draft.id}`).waitFor();
    await links.getByRole('button', { name: 'Revoke all preview links' }).click();
    await dialog('Revoke every preview link?').getByRole('button', { name: 'Revoke all' }).click();
    await links.getByText('No live preview links.').waitFor();
    assert.equal((await apiGet(`/api/v1/previews/${token}`, readKey)).status, 404);
  });

  test('content states: the server\'s state of each record, not a guess from the draft flag', STEP, async () => {
    await owner.create('posts', { title: 'Scheduled post', slug: 'scheduled-post', visibility: 'public', draft: false,
      published_at: '2099-01-01 09:00:00.000Z' });
    await owner.create('posts', { title: 'Members post', slug: 'members-post', visibility: 'members', draft: false });
    await owner.create('posts', { title: 'Public post', slug: 'public-post', visibility: 'public', draft: false });
    const select = page.getByLabel('Collection');
    await select.selectOption('projects');
    await select.selectOption('posts');
    const state = (title) => page.locator('tbody tr', { has: page.getByRole('rowheader', { name: title, exact: true }) }).locator('td').first();
    await state('Scheduled post').getByText('Scheduled', { exact: true }).waitFor();
    assert.equal(await state('Scheduled post').textContent(), 'Scheduled');
    assert.equal(await state('Members post').textContent(), 'Members only');
    assert.equal(await state('Public post').textContent(), 'Published');
    assert.equal(await state('Draft post').textContent(), 'Draft');
    await shot('16b-content-states');
  });

  test('subscribers: a CSV import (consented), counts per status, the filter and the CSV export', STEP, async () => {
    await owner.create('newsletter_subscribers', { email: 'left@example.com', status: 'unsubscribed' });
    await page.getByRole('link', { name: 'Subscribers' }).click();
    await heading('Subscribers').waitFor();
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const d = dialog('Import subscribers');
    await d.getByLabel('CSV file').setInputFiles({ name: 'substack.csv', mimeType: 'text/csv',
      buffer: Buffer.from('email,name\nada@example.com,Ada\nnot an address,X\nleft@example.com,Back\n') });
    await d.getByLabel(/already consented elsewhere/).check();
    await d.getByRole('button', { name: 'Import' }).click();
    const lines = dialog('Lines not imported');
    await lines.getByText('Line 3:').waitFor();
    await lines.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('cell', { name: 'ada@example.com' }).waitFor();
    const stat = (name) => page.locator('.stat', { has: page.locator('dt', { hasText: new RegExp(`^${name}$`) }) }).locator('dd');
    assert.equal(await stat('confirmed').textContent(), '1');
    assert.equal(await stat('unsubscribed').textContent(), '1');
    assert.equal(await stat('All').textContent(), '2');
    await shot('17-subscribers');
    await page.getByLabel('Status').selectOption('unsubscribed');
    await page.getByRole('cell', { name: 'ada@example.com' }).waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: 'left@example.com' }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    assert.match(download.suggestedFilename(), /^subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
    const chunks = [];
    for await (const c of await download.createReadStream()) chunks.push(c);
    const csv = Buffer.concat(chunks).toString();
    assert.match(csv, /^email,name,status,source,created,confirmed_at,unsubscribed_at\n/);
    assert.match(csv, /\nada@example\.com,Ada,confirmed,csv,/);
  });

  const sendRow = (title) => page.locator('tbody tr', { has: page.getByRole('rowheader', { name: new RegExp(`^${title}`) }) });

  test('newsletter without mail settings: no sends, the DKIM record of the default sender, the form refuses in words', STEP, async () => {
    await owner.create('posts', { title: 'Letter one', visibility: 'public', content: '<p>Hello readers.</p>' });
    await owner.create('posts', { title: 'Draft letter', visibility: 'public', draft: true, content: '<p>Soon.</p>' });
    await owner.create('posts', { title: 'Members letter', visibility: 'members', content: '<p>Only members.</p>' });
    await page.getByRole('link', { name: 'Newsletter' }).click();
    await heading('Newsletter').waitFor();
    await page.getByText('No post has been mailed yet.').waitFor();
    // PocketBase's default sender is no-reply@example.com.
    await page.getByRole('region', { name: 'DKIM, SPF and DMARC' }).getByText('cca._domainkey.example.com', { exact: true }).waitFor();
    const post = page.getByLabel('Post', { exact: true });
    // Every post but a private one (members and paid ones are cut for who may not read them),
    // the published apart from the drafts, by the server's state of each.
    assert.deepEqual(await post.locator('optgroup').evaluateAll((gs) => gs.map((g) => [g.label, [...g.children].map((o) => o.textContent)])),
      [['Published', ['Members letter (members)', 'Letter one', 'Public post', 'Members post (members)']],
        ['Drafts and scheduled', ['Draft letter', 'Scheduled post', 'Draft post']]]);
    assert.equal(await page.getByLabel('To', { exact: true }).inputValue(), 'everyone');
    await post.selectOption({ label: 'Letter one' });
    assert.equal(await page.getByRole('button', { name: 'Publish and send' }).isDisabled(), true);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'The server cannot send mail yet' }).getByText('(code mail_not_configured)', { exact: false }).waitFor();
    assert.equal((await owner.send('GET', '/api/admin/newsletters')).body.data.length, 0);
    await shot('19-newsletter-not-configured');
  });

  test('newsletter: the DKIM record follows the sender, a send paused while the SMTP server is down, resumed, its bar at 100 %', STEP, async () => {
    smtpPort = await freePort(); // nothing listens there yet
    const settings = await owner.send('PATCH', '/api/settings', {
      meta: { senderName: 'E2E letters', senderAddress: 'news@e2e.example' },
      smtp: { enabled: true, host: '127.0.0.1', port: smtpPort },
    });
    assert.equal(settings.status, 200, JSON.stringify(settings.body));
    for (const email of ['bo@example.com', 'cy@example.com']) {
      await owner.create('newsletter_subscribers', { email, status: 'confirmed' });
    }
    await page.reload();
    await heading('Newsletter').waitFor();
    const dkim = page.getByRole('region', { name: 'DKIM, SPF and DMARC' });
    const served = (await owner.send('GET', '/api/admin/newsletters/dkim')).body.data;
    assert.equal(served.name, 'cca._domainkey.e2e.example');
    await dkim.getByText(served.name, { exact: true }).waitFor();
    await dkim.getByText(served.value, { exact: true }).waitFor();
    await dkim.getByText('v=spf1 include:').waitFor();
    await dkim.getByText('v=DMARC1; p=none; rua=mailto:postmaster@e2e.example').waitFor();

    // The SMTP server cannot be reached: the send waits for it, using up no attempt.
    await page.getByLabel('Post', { exact: true }).selectOption({ label: 'Letter one' });
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('“Letter one” is queued for 3 confirmed subscribers').first().waitFor();
    const row = sendRow('Letter one');
    const bar = row.getByRole('progressbar', { name: 'Progress of “Letter one”' });
    assert.equal(await bar.getAttribute('value'), '0');
    await row.getByRole('button', { name: 'Pause the send of “Letter one”' }).click();
    await row.getByText('paused', { exact: true }).waitFor();
    assert.equal(await row.getByRole('button', { name: 'Pause the send of “Letter one”' }).count(), 0);
    await row.getByRole('button', { name: 'Cancel the send of “Letter one”' }).waitFor();
    await shot('20-newsletter-paused');

    mailDir = join(dir, 'mail');
    smtpSink = await startSMTPSink(smtpPort, mailDir);
    await row.getByRole('button', { name: 'Resume the send of “Letter one”' }).click();
    // The page reads the send again by itself until it is finished.
    await row.getByText('finished', { exact: true }).waitFor({ timeout: 30_000 });
    assert.equal(await bar.getAttribute('value'), '100');
    await row.getByText('3 of 3 · 3 sent').waitFor();
    assert.equal(await row.getByRole('button').count(), 0);
    assert.equal((await readdir(join(mailDir, 'new'))).length, 3);
    await shot('21-newsletter-finished');

    // The same post again: refused in words until "Send again" is ticked.
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: '“Letter one” was mailed already' }).getByText('tick “Send again”', { exact: false }).waitFor();
    assert.equal((await owner.send('GET', '/api/admin/newsletters')).body.data.length, 1);
  });

  test('newsletter: "Publish and send" publishes a draft, then mails it', STEP, async () => {
    const found = await owner.send('GET', `/api/collections/posts/records?filter=${encodeURIComponent('title="Draft letter"')}`);
    const draftLetter = found.body.items[0];
    const post = page.getByLabel('Post', { exact: true });
    await post.selectOption({ label: 'Draft letter' });
    await page.getByLabel(/^E-mail only/).check();
    assert.equal(await page.getByRole('button', { name: 'Publish and send' }).isDisabled(), true); // e-mail only keeps it a draft
    await page.getByLabel(/^E-mail only/).uncheck();
    await page.getByRole('button', { name: 'Publish and send' }).click();
    await page.getByText('“Draft letter” is queued for 3 confirmed subscribers').first().waitFor();
    const stored = await owner.send('GET', `/api/collections/posts/records/${draftLetter.id}`);
    assert.equal(stored.body.draft, false);
    const row = sendRow('Draft letter');
    await row.getByText('finished', { exact: true }).waitFor({ timeout: 30_000 });
    assert.equal(await row.getByRole('progressbar').getAttribute('value'), '100');
    // Published now: still chosen, and no longer offered to publish.
    assert.equal(await post.inputValue(), draftLetter.id);
    assert.equal(await page.getByRole('button', { name: 'Publish and send' }).isDisabled(), true);
    await shot('22-newsletter-published-and-sent');
  });

  test('newsletter: a members post mailed to the members among the subscribers', STEP, async () => {
    const password = 'member-pass-123';
    // Ada (a member since the Members step) and Bo are members; Cy is a subscriber only.
    await owner.create('members', { email: 'Bo@Example.com', name: 'Bo', password, passwordConfirm: password, verified: true });
    await page.getByLabel('Post', { exact: true }).selectOption({ label: 'Members letter (members)' });
    await page.getByLabel('To', { exact: true }).selectOption({ label: 'Subscribers who are members' });
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('“Members letter” is queued for 2 confirmed subscribers').first().waitFor();
    const sends = (await owner.send('GET', '/api/admin/newsletters')).body.data;
    assert.equal(sends[0].audience, 'members');
    await sendRow('Members letter').getByText('finished', { exact: true }).waitFor({ timeout: 30_000 });
  });

  test('newsletter: a running send is read again every few seconds, never after leaving the page; cancel asks first', STEP, async () => {
    await smtpSink.stop(); // the next send waits for the SMTP server, and so keeps running
    await page.clock.install();
    await page.reload();
    await heading('Newsletter').waitFor();
    await page.getByRole('region', { name: 'DKIM, SPF and DMARC' }).getByText('TXT', { exact: true }).waitFor(); // the page has loaded
    await page.clock.pauseAt(Date.now() + 1000); // from here, time moves only when the test says
    // The page's reads of the sends list, counted in the page: a timer's read calls fetch at once.
    await page.evaluate(() => {
      window.sendReads = 0;
      const real = window.fetch;
      window.fetch = (input, init) => {
        if (String(input).startsWith('/api/admin/newsletters?')) window.sendReads += 1;
        return real(input, init);
      };
    });
    const reads = () => page.evaluate(() => window.sendReads);
    await page.clock.runFor(30_000);
    assert.equal(await reads(), 0, 'nothing runs: nothing is read again');

    await page.getByLabel('Post', { exact: true }).selectOption({ label: 'Letter one' });
    await page.getByLabel(/^Send again/).check();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const row = sendRow('Letter one').first(); // the newest
    await row.getByText('sent again').waitFor();
    await row.getByRole('button', { name: 'Pause the send of “Letter one”' }).waitFor();
    const queued = await reads();
    await page.clock.runFor(3000);
    assert.equal(await reads(), queued + 1, 'a running send is read again');

    await page.getByRole('link', { name: 'Members' }).click();
    await heading('Members').waitFor();
    const left = await reads();
    await page.clock.runFor(60_000);
    assert.equal(await reads(), left, 'read again after leaving the page');
    await page.clock.resume();

    await page.getByRole('link', { name: 'Newsletter' }).click();
    await heading('Newsletter').waitFor();
    await row.getByRole('button', { name: 'Cancel the send of “Letter one”' }).click();
    const ask = dialog('Cancel the send of “Letter one”?');
    await ask.getByText('The 3 messages not sent yet are never sent.').waitFor();
    await ask.getByRole('button', { name: 'Cancel the send' }).click();
    await row.getByText('cancelled', { exact: true }).waitFor();
    assert.equal(await row.getByRole('button').count(), 0);
    assert.equal(await row.getByRole('progressbar').getAttribute('value'), '0');
    smtpSink = await startSMTPSink(smtpPort, mailDir); // for the mail of the steps after
  });

  test('members: mark one paid, switch them off, and their token is refused at once', STEP, async () => {
    const password = 'e2e member password 1234';
    await owner.create('members', { email: 'reader@example.com', name: 'Reader', password, passwordConfirm: password, verified: true });
    const signIn = await fetch(`${server.url}/api/collections/members/auth-with-password`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ identity: 'reader@example.com', password }),
    });
    const memberToken = (await signIn.json()).token;
    const site = await owner.send('POST', '/api/admin/api-keys', { name: 'Members e2e', scopes: ['members'] });
    const me = () => fetch(`${server.url}/api/v1/members/me`, { headers: { Authorization: `Bearer ${site.body.data.key}`, 'X-Member-Token': memberToken } });
    assert.equal((await me()).status, 200);

    await page.getByRole('link', { name: 'Members' }).click();
    await heading('Members').waitFor();
    const row = page.locator('tbody tr', { has: page.getByRole('rowheader', { name: 'reader@example.com', exact: true }) });
    await row.getByRole('button', { name: 'Mark paid: reader@example.com' }).click();
    await row.getByText('Paid', { exact: true }).waitFor();
    assert.equal((await (await me()).json()).data.paid, true);
    await row.getByRole('button', { name: 'Switch off: reader@example.com' }).click();
    await row.getByText('Switched off', { exact: true }).waitFor();
    const off = await me();
    assert.equal(off.status, 401);
    assert.equal((await off.json()).error.code, 'invalid_member_token');
    await shot('18-members');
  });

  test('log out: back to the login form, the token gone', STEP, async () => {
    await page.getByRole('button', { name: 'Log out' }).click();
    await heading('Owner console').waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('pocketbase_auth')), null);
    await page.reload();
    await heading('Owner console').waitFor();
  });

  test('the docs page renders the contract, with the favicon, from this host only', STEP, async () => {
    const docs = await context.newPage();
    try {
      docs.on('pageerror', (err) => problems.push(`docs page error: ${err.message}`));
      await docs.goto(`${server.url}/docs/`);
      await docs.getByRole('heading', { name: /Creator Content API/ }).first().waitFor();
      await docs.getByText('Admin: webhooks').first().waitFor(); // a tag of /openapi.json, in the sidebar
      await docs.waitForLoadState('networkidle');
      for (const path of ['/favicon.ico', '/favicon.svg']) {
        const res = await fetch(`${server.url}${path}`);
        assert.equal(res.status, 200, path);
        assert.match(res.headers.get('content-type'), /^image\//, path);
      }
      assert.equal(await docs.locator('link[rel="icon"]').getAttribute('href'), '/favicon.svg');
      await docs.screenshot({ path: join(SHOTS, '14-docs.png') });
    } finally {
      await docs.close();
    }
  });

  test('no page errors and no Content-Security-Policy violations', () => {
    assert.deepEqual(problems, []);
  });

  test('no page loaded anything from another host (Chromium network log)', () => {
    assert.deepEqual(outside, []);
  });
});
