// The webhooks page: subscriptions with their state, register (signing secret shown once),
// switch off / re-enable, delete, test delivery, delivery history with every attempt, a chart
// of the last 7 days (webhook_stats.js) and redelivery.
// Endpoints: /api/admin/webhooks, /api/admin/webhook-deliveries; the event types, with when
// each fires, come from the contract (its EventName schema).
import { admin, schemaValues } from './api.js';
import { h, fill, uid, timeEl, announce, errorBox, openDialog, confirmDialog, secretDialog, codeList, showError, listPage, orShowError, choiceFieldset } from './ui.js';
import { loadStats } from './webhook_stats.js';

/**
 * openHistories are the subscriptions whose delivery history is unfolded, kept across refreshes.
 * The chart and history load when unfolded, not with the list: the admin endpoints share the
 * Moderate rate tier, which one request per subscription would soon use up.
 */
const openHistories = new Set();

/** renderWebhooks draws the page into root. */
export async function renderWebhooks(root) {
  const refresh = listPage(root, {
    title: 'Webhooks',
    lede: 'Each subscription receives signed POST requests for its events. After 10 failed deliveries in a row it is switched off; re-enable it here once the receiver works again.',
    loading: 'Loading webhooks…',
    actions: (refresh) => h('div', { class: 'toolbar' },
      h('button', { type: 'button', class: 'secondary', 'aria-label': 'Refresh webhooks', onclick: () => refresh() }, 'Refresh'),
      h('button', { type: 'button', class: 'primary', onclick: () => registerWebhook(refresh) }, 'Register webhook')),
    load: () => admin('GET', '/webhooks'),
    render: (subs, refresh) => h('ul', { class: 'cards' }, subs.map((s) => h('li', {}, subscriptionCard(s, refresh)))),
    empty: 'No webhooks yet.',
  });
  await refresh();
}

function subscriptionState(s) {
  if (!s.enabled) return h('span', { class: 'badge off', text: 'Switched off' });
  if (s.paused_reason) return h('span', { class: 'badge off', text: 'Held' });
  return h('span', { class: 'badge on', text: 'Enabled' });
}

/** pausedReasons say why pushes are held: the key that registered the subscription could not register it now. */
const pausedReasons = {
  key_disabled: 'its API key is switched off',
  key_expired: 'its API key has expired',
  key_scope: 'its API key no longer holds the write:webhooks scope',
  key_browser: 'its API key has allowed origins now (a browser key), and these events carry personal data',
};

/** registeredBy names who made the subscription: the owner, or the API key (its id once revoked). */
function registeredBy(s) {
  if (!s.api_key) return 'owner';
  return s.api_key_name ? `API key “${s.api_key_name}”` : `revoked API key ${s.api_key}`;
}

function subscriptionCard(s, refresh) {
  const titleId = uid('wh-title');
  const resultRegion = h('div', { class: 'test-result', role: 'status', 'aria-live': 'polite' });
  const historyId = uid('wh-history');
  const stats = h('div', { class: 'stats' });
  const deliveries = h('div', {});
  const history = h('div', { id: historyId, class: 'history', hidden: true }, stats, deliveries);
  const historyButton = h('button', {
    type: 'button', class: 'secondary', 'data-action': 'history', 'aria-expanded': 'false', 'aria-controls': historyId, 'aria-describedby': titleId,
    onclick: () => showHistory(!openHistories.has(s.id)),
  }, 'Show deliveries');
  const showHistory = (open) => {
    if (open) openHistories.add(s.id);
    else openHistories.delete(s.id);
    historyButton.setAttribute('aria-expanded', String(open));
    historyButton.textContent = open ? 'Hide deliveries' : 'Show deliveries';
    history.hidden = !open;
    if (open) {
      loadStats(s, stats);
      loadHistory(s, deliveries);
    }
  };
  if (openHistories.has(s.id)) showHistory(true);
  const testButton = h('button', {
    type: 'button', class: 'secondary', 'data-action': 'test', 'aria-describedby': titleId,
    onclick: () => sendTest(s, testButton, resultRegion),
  }, 'Send test delivery');
  const allEvents = !s.events || s.events.length === 0; // every event, those added later too

  return h('article', { class: 'card', 'data-id': s.id, 'aria-labelledby': titleId },
    h('header', { class: 'card-head' },
      h('h2', { id: titleId }, h('code', { class: 'url', text: s.url })),
      subscriptionState(s)),
    s.description ? h('p', { text: s.description }) : null,
    h('dl', { class: 'facts' },
      h('dt', { text: 'Events' }), h('dd', {}, allEvents ? 'All events' : codeList(s.events)),
      s.filter?.collections?.length ? [h('dt', { text: 'Only from' }), h('dd', {}, codeList(s.filter.collections))] : null,
      s.filter?.tags?.length ? [h('dt', { text: 'Only content tagged' }), h('dd', {}, codeList(s.filter.tags))] : null,
      h('dt', { text: 'Failures in a row' }), h('dd', { class: s.failure_count > 0 ? 'warn' : '', text: String(s.failure_count ?? 0) }),
      !s.enabled ? [h('dt', { text: 'Switched off because' }), h('dd', { text: s.disabled_reason || 'switched off by the owner' })] : null,
      s.enabled && s.paused_reason ? [h('dt', { text: 'Pushes held because' }), h('dd', { class: 'warn', 'data-paused': s.paused_reason,
        text: `${pausedReasons[s.paused_reason] || s.paused_reason}; events are kept and pushed once the key could register it again` })] : null,
      h('dt', { text: 'Registered' }), h('dd', {}, timeEl(s.created)),
      h('dt', { text: 'Registered by' }), h('dd', { text: registeredBy(s) })),
    h('div', { class: 'toolbar' },
      testButton,
      historyButton,
      s.enabled
        ? h('button', { type: 'button', class: 'secondary', 'data-action': 'toggle', 'aria-describedby': titleId, onclick: () => setEnabled(s, false, refresh) }, 'Switch off')
        : h('button', { type: 'button', class: 'primary', 'data-action': 'toggle', 'aria-describedby': titleId, onclick: () => setEnabled(s, true, refresh) }, 'Re-enable'),
      !s.enabled || s.failure_count > 0
        ? h('button', { type: 'button', class: 'secondary', 'data-action': 'recover', 'aria-describedby': titleId, onclick: () => recoverMissed(s, refresh) }, 'Re-send what it missed…')
        : null,
      h('button', { type: 'button', class: 'danger', 'data-action': 'delete', 'aria-describedby': titleId, onclick: () => deleteWebhook(s, refresh) }, 'Delete')),
    resultRegion,
    history);
}

async function sendTest(s, button, region) {
  button.disabled = true;
  fill(region, h('p', { class: 'muted', text: 'Sending a test delivery…' }));
  try {
    const r = await admin('POST', `/webhooks/${encodeURIComponent(s.id)}/test`);
    const status = r.status_code === null || r.status_code === undefined ? 'no HTTP answer' : `HTTP ${r.status_code}`;
    fill(region,
      h('p', { class: r.delivered ? 'ok' : 'error' },
        h('strong', { text: r.delivered ? 'Test delivered: ' : 'Test failed: ' }),
        `${status} in ${r.duration_ms} ms.`,
        r.error ? ` ${r.error}` : ''),
      r.response_excerpt ? h('div', {}, h('span', { class: 'label', text: 'Response:' }), h('pre', { class: 'excerpt', text: r.response_excerpt })) : null);
  } catch (err) {
    fill(region, errorBox(err));
  } finally {
    button.disabled = false;
  }
}

function deliveryStatus(d) {
  const cls = d.status === 'succeeded' ? 'on' : d.status === 'failed' ? 'off' : 'pending';
  return h('span', { class: `badge ${cls}`, text: d.status });
}

/** canRedeliver: a delivery that failed for good, or whose last attempt failed and waits for a retry. */
function canRedeliver(d) {
  return d.status === 'failed' || (d.status === 'pending' && d.attempt > 0);
}

/** loadHistory draws the subscription's deliveries into container and returns them. */
async function loadHistory(s, container, focusId) {
  container.setAttribute('aria-busy', 'true');
  const reload = h('button', { type: 'button', class: 'secondary small', 'data-action': 'reload', 'aria-label': 'Refresh deliveries', onclick: () => loadHistory(s, container) }, 'Refresh');
  let deliveries = [];
  try {
    deliveries = await admin('GET', `/webhooks/${encodeURIComponent(s.id)}/deliveries`);
    fill(container,
      h('div', { class: 'history-head' }, h('h3', { text: 'Delivery history' }), reload),
      deliveries.length ? deliveryTable(s, deliveries, container) : h('p', { class: 'empty', text: 'No deliveries yet.' }));
  } catch (err) {
    fill(container, h('div', { class: 'history-head' }, h('h3', { text: 'Delivery history' }), reload), errorBox(err));
  } finally {
    container.removeAttribute('aria-busy');
  }
  const row = focusId && container.querySelector(`tr[data-id="${CSS.escape(focusId)}"]`);
  if (row) (row.querySelector('button') || reload).focus();
  return deliveries;
}

function deliveryTable(s, deliveries, container) {
  return h('div', { class: 'table-scroll' }, h('table', { class: 'data compact' },
    h('caption', { class: 'sr-only', text: `Deliveries to ${s.url}, newest first` }),
    h('thead', {}, h('tr', {},
      ['Event', 'Status', 'Attempt', 'Last answer', 'Next attempt', 'Response excerpt', 'Attempts', 'Created', ''].map((t) => h('th', { scope: 'col', text: t })))),
    h('tbody', {}, deliveries.map((d) => h('tr', { 'data-id': d.id },
      h('td', {}, h('code', { text: d.event }), h('div', { class: 'note' }, h('code', { text: d.id }))),
      h('td', {}, deliveryStatus(d), d.delivered_at ? h('div', { class: 'note' }, 'at ', timeEl(d.delivered_at)) : null),
      h('td', { class: 'num', text: String(d.attempt ?? 0) }),
      h('td', {},
        d.last_status_code ? `HTTP ${d.last_status_code}` : (d.attempt ? 'no answer' : '—'),
        d.attempt ? h('div', { class: 'note', text: `${d.last_duration_ms ?? 0} ms` }) : null,
        d.last_error && d.last_error !== `HTTP ${d.last_status_code}` ? h('div', { class: 'note error-text', text: d.last_error }) : null),
      h('td', {}, d.status === 'pending' ? timeEl(d.next_attempt_at, 'now') : h('span', { class: 'muted', text: '—' })),
      h('td', {}, d.response_excerpt ? h('pre', { class: 'excerpt', text: d.response_excerpt }) : h('span', { class: 'muted', text: '—' })),
      h('td', {}, attemptList(d)),
      h('td', {}, timeEl(d.created)),
      h('td', {}, canRedeliver(d)
        ? h('button', { type: 'button', class: 'secondary small', 'aria-label': `Redeliver now: ${d.event} ${d.id}`, onclick: (e) => redeliver(s, d, e.currentTarget, container) }, 'Redeliver now')
        : null))))));
}

/** attemptList unfolds every attempt of a delivery, oldest first, a redelivery's included. */
function attemptList(d) {
  const attempts = d.attempts ?? [];
  if (!attempts.length) return h('span', { class: 'muted', text: '—' });
  return h('details', { class: 'attempts' },
    h('summary', { 'aria-label': `${attempts.length} attempts of ${d.event} ${d.id}`, text: attempts.length === 1 ? '1 attempt' : `${attempts.length} attempts` }),
    h('ol', {}, attempts.map((a) => h('li', { class: 'attempt' },
      timeEl(a.at), ' ',
      h('strong', { class: a.status_code >= 200 && a.status_code < 300 ? 'ok-text' : 'error-text', text: a.status_code ? `HTTP ${a.status_code}` : 'no answer' }),
      ` in ${a.duration_ms} ms`,
      a.error && a.error !== `HTTP ${a.status_code}` ? h('div', { class: 'note error-text', text: a.error }) : null,
      a.response_excerpt ? h('pre', { class: 'excerpt', text: a.response_excerpt }) : null,
      requestHeaders(a.request_headers)))));
}

/** requestHeaders folds the headers an attempt sent (signatures, never the secret), by name. */
function requestHeaders(headers) {
  const names = Object.keys(headers ?? {}).sort();
  if (!names.length) return null;
  return h('details', { class: 'request-headers' },
    h('summary', { text: 'Request headers' }),
    h('dl', {}, names.flatMap((name) => [h('dt', { text: name }), h('dd', { text: headers[name] })])));
}

/**
 * Waits before reading the history again while a redelivery runs: few, since the admin
 * endpoints share a small rate limit (Moderate tier) per client.
 */
const REDELIVER_WAITS_MS = [750, 1500, 3000];

async function redeliver(s, d, button, container) {
  button.disabled = true;
  button.textContent = 'Redelivering…';
  let queued;
  try {
    queued = await admin('POST', `/webhook-deliveries/${encodeURIComponent(d.id)}/redeliver`);
  } catch (err) {
    await showError(err);
    await loadHistory(s, container, d.id);
    return;
  }
  // 202: the delivery is pending again and attempted at once; follow it to its outcome (a
  // status other than pending, or one more attempt).
  let now = queued;
  for (const wait of REDELIVER_WAITS_MS) {
    await new Promise((r) => setTimeout(r, wait));
    const list = await loadHistory(s, container, d.id);
    now = list.find((x) => x.id === d.id) || now;
    if (now.status !== 'pending' || now.attempt > queued.attempt) break;
    const again = container.querySelector(`tr[data-id="${CSS.escape(d.id)}"] button`);
    if (again) { again.disabled = true; again.textContent = 'Redelivering…'; }
  }
  announce(now.status === 'succeeded'
    ? `Delivery ${d.id} redelivered: HTTP ${now.last_status_code}.`
    : `Delivery ${d.id} is ${now.status}${now.last_status_code ? ` (HTTP ${now.last_status_code})` : ''}.`);
}

async function registerWebhook(refresh) {
  const events = await orShowError(schemaValues('EventName'));
  if (!events) return;
  const collections = await orShowError(schemaValues('WebhookFilterCollection'));
  if (!collections) return;
  const tagsId = uid('wh-tags');
  const tagsHelp = uid('wh-tags-help');
  const urlId = uid('wh-url');
  const urlHelp = uid('wh-url-help');
  const descId = uid('wh-desc');
  const created = await openDialog({
    title: 'Register a webhook',
    content: [
      h('div', { class: 'field' },
        h('label', { for: urlId, text: 'Receiver URL' }),
        h('input', { id: urlId, name: 'url', type: 'url', required: true, placeholder: 'https://example.com/hooks/content', 'aria-describedby': urlHelp, autocomplete: 'off', spellcheck: 'false' }),
        h('p', { id: urlHelp, class: 'help', text: 'Must be https and reachable from the internet (site settings can allow private addresses for local development).' })),
      choiceFieldset({
        legend: 'Events',
        help: 'Leave all unticked to receive every event, including ones added later.',
        name: 'events',
        idPrefix: 'event',
        choices: events,
      }),
      choiceFieldset({
        legend: 'Only from (optional)',
        help: 'Leave all unticked to receive the events of every collection.',
        name: 'collections',
        idPrefix: 'collection',
        choices: collections,
      }),
      h('div', { class: 'field' },
        h('label', { for: tagsId, text: 'Only content tagged (optional)' }),
        h('input', { id: tagsId, name: 'tags', type: 'text', autocomplete: 'off', placeholder: 'newsletter, go', 'aria-describedby': tagsHelp }),
        h('p', { id: tagsHelp, class: 'help', text: 'Comma-separated, any case. Content events are sent only for content with one of these tags; other events are not affected.' })),
      h('div', { class: 'field' },
        h('label', { for: descId, text: 'Description (optional)' }),
        h('input', { id: descId, name: 'description', type: 'text', maxlength: '500', autocomplete: 'off' })),
    ],
    submitLabel: 'Register',
    onSubmit: (form) => admin('POST', '/webhooks', {
      url: form.elements.url.value.trim(),
      events: [...form.querySelectorAll('input[name="events"]:checked')].map((i) => i.value),
      description: form.elements.description.value.trim(),
      filter: {
        collections: [...form.querySelectorAll('input[name="collections"]:checked')].map((i) => i.value),
        tags: form.elements.tags.value.split(',').map((t) => t.trim()).filter((t) => t !== ''),
      },
    }),
  });
  if (!created) return;
  refresh();
  await secretDialog({
    title: 'Webhook registered',
    label: 'Signing secret',
    secret: created.secret,
    lost: 'The console cannot show it again. If you lose it, delete this webhook and register it anew.',
    notes: ['Your receiver uses it to check X-Service-Signature (HMAC-SHA256 keyed with the whole string) and the Standard Webhooks webhook-signature header.'],
  });
  created.secret = undefined; // shown once: keep no copy
  announce(`Webhook to ${created.url} registered.`);
}

/**
 * recoverMissed asks from when, re-enables a switched-off subscription, and queues again every
 * event it did not receive since then (POST /webhooks/{id}/recover).
 */
async function recoverMissed(s, refresh) {
  const sinceId = uid('wh-since');
  const sinceHelp = uid('wh-since-help');
  const pad = (n) => String(n).padStart(2, '0');
  const d = new Date(Date.now() - 24 * 3_600_000);
  const dayAgo = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  const result = await openDialog({
    title: 'Re-send what it missed',
    content: [
      h('p', {}, 'Every event for ', h('code', { text: s.url }), ' since then that it did not receive (failed deliveries, and events while it was switched off) is sent again, oldest first.',
        s.enabled ? '' : ' The webhook is switched on again first.'),
      h('div', { class: 'field' },
        h('label', { for: sinceId, text: 'Since' }),
        h('input', { id: sinceId, name: 'since', type: 'datetime-local', required: true, value: dayAgo, 'aria-describedby': sinceHelp }),
        h('p', { id: sinceHelp, class: 'help', text: `Your local time (${Intl.DateTimeFormat().resolvedOptions().timeZone}). Events are kept 7 days.` })),
    ],
    submitLabel: s.enabled ? 'Re-send' : 'Switch on and re-send',
    onSubmit: async (form) => {
      if (!s.enabled) await admin('PATCH', `/webhooks/${encodeURIComponent(s.id)}`, { enabled: true });
      return admin('POST', `/webhooks/${encodeURIComponent(s.id)}/recover`, { since: new Date(form.elements.since.value).toISOString() });
    },
  });
  if (!result) return;
  announce(`${result.queued} missed ${result.queued === 1 ? 'event' : 'events'} queued again for ${s.url}.`);
  await refresh({ id: s.id, action: 'recover' });
}

async function setEnabled(s, enabled, refresh) {
  try {
    await admin('PATCH', `/webhooks/${encodeURIComponent(s.id)}`, { enabled });
    announce(enabled ? `Webhook to ${s.url} re-enabled; its failure count is reset.` : `Webhook to ${s.url} switched off.`);
  } catch (err) {
    await showError(err);
  }
  await refresh({ id: s.id, action: 'toggle' });
}

async function deleteWebhook(s, refresh) {
  const done = await confirmDialog({
    title: 'Delete this webhook?',
    message: [h('p', {}, 'Deliveries to ', h('code', { text: s.url }), ' stop, and its delivery history is deleted. This cannot be undone.')],
    confirmLabel: 'Delete webhook',
    danger: true,
    onConfirm: () => admin('DELETE', `/webhooks/${encodeURIComponent(s.id)}`),
  });
  if (!done) return;
  announce(`Webhook to ${s.url} deleted.`);
  await refresh();
  document.querySelector('main h1')?.focus();
}
