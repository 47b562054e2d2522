// The API keys page: list, create (full key shown once), edit, switch off/on, rotate
// (new key shown once, old one's end shown), revoke. Endpoints: /api/admin/api-keys; the scopes
// a key can hold, with what each opens, come from the contract (its Scope schema).
import { admin, schemaValues } from './api.js';
import { assistantCard } from './assistant.js';
import { h, uid, timeEl, formatDate, parseDate, announce, openDialog, confirmDialog, secretDialog, codeList, showError, listPage, orShowError, choiceFieldset } from './ui.js';

/** renderKeys draws the page into root. */
export async function renderKeys(root) {
  const refresh = listPage(root, {
    title: 'API keys',
    lede: 'Keys let your site and tools call the API. A key’s full value is shown once, when it is created or rotated; afterwards only its prefix and last four characters.',
    loading: 'Loading keys…',
    actions: (refresh) => h('button', { type: 'button', class: 'primary', onclick: () => createKey(refresh) }, 'New key'),
    load: () => admin('GET', '/api-keys'),
    render: keyTable,
    empty: 'No keys yet. Create one for your site.',
  });
  root.append(assistantCard());
  await refresh();
}

function keyTable(keys, refresh) {
  return h('table', { class: 'data' },
    h('caption', { class: 'sr-only', text: 'API keys' }),
    h('thead', {}, h('tr', {},
      ['Name', 'Key', 'Scopes', 'Origins', 'Expiry', 'State', 'Last used', 'Actions'].map((t) => h('th', { scope: 'col', text: t })))),
    h('tbody', {}, keys.map((k) => keyRow(k, refresh))));
}

function keyState(k) {
  const expiry = parseDate(k.expiry);
  if (!k.active) return h('span', { class: 'badge off', text: 'Switched off' });
  if (expiry && expiry <= new Date()) return h('span', { class: 'badge off', text: 'Expired' });
  return h('span', { class: 'badge on', text: 'Active' });
}

function keyRow(k, refresh) {
  const grace = parseDate(k.previous_secret_expires_at);
  const act = (action, label, onclick, cls = 'secondary') =>
    h('button', { type: 'button', class: cls, 'data-action': action, 'aria-label': `${label} key ${k.name}`, onclick }, label);
  return h('tr', { 'data-id': k.id },
    h('th', { scope: 'row', text: k.name }),
    h('td', {}, h('code', { class: 'nowrap', text: `${k.prefix}…${k.last4}` })),
    h('td', {}, codeList(k.scopes, 'none')),
    h('td', {}, codeList(k.allowed_origins, 'any origin')),
    h('td', {}, timeEl(k.expiry, 'never')),
    h('td', {}, keyState(k),
      grace && grace > new Date() ? h('div', { class: 'note' }, 'Old key works until ', timeEl(k.previous_secret_expires_at)) : null),
    h('td', {}, timeEl(k.last_used_at, 'never')),
    h('td', { class: 'actions-cell' },
      act('edit', 'Edit', () => editKey(k, refresh)),
      act('toggle', k.active ? 'Switch off' : 'Switch on', () => toggleKey(k, refresh)),
      act('rotate', 'Rotate', () => rotateKey(k, refresh)),
      act('revoke', 'Revoke', () => revokeKey(k, refresh), 'danger')));
}

/**
 * keyForm builds the fields of the create and edit dialogs, filled from k when editing, with a
 * checkbox for each of scopes ({name, text}).
 */
function keyForm(scopes, k = {}) {
  const nameId = uid('key-name');
  const originsId = uid('key-origins');
  const originsHelp = uid('key-origins-help');
  const expiryId = uid('key-expiry');
  const expiryHelp = uid('key-expiry-help');
  return [
    h('div', { class: 'field' },
      h('label', { for: nameId, text: 'Name' }),
      h('input', { id: nameId, name: 'name', type: 'text', required: true, maxlength: '100', autocomplete: 'off', value: k.name || '' })),
    choiceFieldset({
      legend: 'Scopes',
      help: 'Choose at least one. A key can do only what its scopes allow.',
      name: 'scopes',
      idPrefix: 'scope',
      choices: scopes,
      checked: k.scopes,
    }),
    h('div', { class: 'field' },
      h('label', { for: originsId, text: 'Allowed origins' }),
      h('textarea', { id: originsId, name: 'origins', rows: '3', 'aria-describedby': originsHelp, spellcheck: 'false' }, (k.allowed_origins || []).join('\n')),
      h('p', { id: originsHelp, class: 'help', text: 'One per line, such as https://example.com: browsers calling from other sites are refused. Leave empty for a key used from servers, where any origin is accepted.' })),
    h('div', { class: 'field' },
      h('label', { for: expiryId, text: 'Expiry' }),
      h('input', { id: expiryId, name: 'expiry', type: 'datetime-local', 'aria-describedby': expiryHelp, value: toLocalInput(k.expiry) }),
      h('p', { id: expiryHelp, class: 'help', text: `Your local time (${Intl.DateTimeFormat().resolvedOptions().timeZone}). Leave empty for a key that never expires; a time in the past makes it expire at once.` })),
  ];
}

/** readKeyForm turns the form into the API's body. */
function readKeyForm(form) {
  const scopes = [...form.querySelectorAll('input[name="scopes"]:checked')].map((i) => i.value);
  if (scopes.length === 0) {
    form.querySelector('input[name="scopes"]').focus();
    throw new Error('Choose at least one scope.');
  }
  const expiry = form.elements.expiry.value;
  return {
    name: form.elements.name.value.trim(),
    scopes,
    allowed_origins: form.elements.origins.value.split(/[\s,]+/).map((s) => s.trim()).filter(Boolean),
    expiry: expiry ? new Date(expiry).toISOString() : null,
  };
}

/** hoursFromNow says how far off a date is, as " (in about N hours)", or "" when it is past. */
function hoursFromNow(value) {
  const d = parseDate(value);
  const hours = d ? Math.round((d - Date.now()) / 3_600_000) : 0;
  return hours > 0 ? ` (in about ${hours} hours)` : '';
}

/** toLocalInput turns an API date into a datetime-local value in the owner's time zone. */
function toLocalInput(value) {
  const d = parseDate(value);
  if (!d) return '';
  const pad = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

async function createKey(refresh) {
  const scopes = await orShowError(schemaValues('Scope'));
  if (!scopes) return;
  const created = await openDialog({
    title: 'New API key',
    content: keyForm(scopes),
    submitLabel: 'Create key',
    onSubmit: (form) => admin('POST', '/api-keys', readKeyForm(form)),
  });
  if (!created) return;
  refresh();
  await secretDialog({
    title: `Key “${created.name}” created`,
    label: 'Your new API key',
    secret: created.key,
    lost: 'Only a hash of it is kept. If you lose it, rotate the key.',
    notes: ['Send it as “Authorization: Bearer <key>”. Keep it out of URLs and public code.'],
  });
  created.key = undefined; // shown once: keep no copy
  announce(`Key ${created.name} created.`);
}

async function editKey(k, refresh) {
  const scopes = await orShowError(schemaValues('Scope'));
  if (!scopes) return;
  const saved = await openDialog({
    title: `Edit key “${k.name}”`,
    content: keyForm(scopes, k),
    submitLabel: 'Save changes',
    onSubmit: (form) => admin('PATCH', `/api-keys/${encodeURIComponent(k.id)}`, readKeyForm(form)),
  });
  if (!saved) return;
  announce(`Key ${saved.name} saved.`);
  await refresh({ id: k.id, action: 'edit' });
}

async function toggleKey(k, refresh) {
  try {
    const saved = await admin('PATCH', `/api-keys/${encodeURIComponent(k.id)}`, { active: !k.active });
    announce(saved.active ? `Key ${k.name} switched on.` : `Key ${k.name} switched off: it is refused until you switch it on.`);
  } catch (err) {
    announce(`Could not change key ${k.name}.`);
    await showError(err);
  }
  await refresh({ id: k.id, action: 'toggle' });
}

async function rotateKey(k, refresh) {
  const rotated = await confirmDialog({
    title: `Rotate key “${k.name}”?`,
    message: [
      'A new key is made and shown once. The current key keeps working for 24 hours, so you have time to update your site; then it stops.',
      'If this key was rotated less than 24 hours ago, the key it replaced stops working now.',
    ],
    confirmLabel: 'Rotate key',
    onConfirm: () => admin('POST', `/api-keys/${encodeURIComponent(k.id)}/rotate`),
  });
  if (!rotated) return;
  const until = rotated.previous_secret_expires_at;
  await secretDialog({
    title: `Key “${k.name}” rotated`,
    label: 'Your new API key',
    secret: rotated.key,
    lost: 'Only a hash of it is kept. If you lose it, rotate the key again.',
    notes: [h('p', { class: 'grace' }, 'The old key stops working at ', h('strong', {}, timeEl(until, 'once')), `${hoursFromNow(until)}. Replace it everywhere before then.`)],
  });
  rotated.key = undefined;
  announce(`Key ${k.name} rotated; the old key works until ${formatDate(until)}.`);
  await refresh({ id: k.id, action: 'rotate' });
}

async function revokeKey(k, refresh) {
  const done = await confirmDialog({
    title: `Revoke key “${k.name}”?`,
    message: [
      h('p', {}, 'Every request with ', h('code', { text: `${k.prefix}…${k.last4}` }), ' (and any older key it replaced) is refused from now on.'),
      'This cannot be undone.',
    ],
    confirmLabel: 'Revoke key',
    danger: true,
    onConfirm: () => admin('DELETE', `/api-keys/${encodeURIComponent(k.id)}`),
  });
  if (!done) return;
  announce(`Key ${k.name} revoked.`);
  await refresh();
  document.querySelector('main h1')?.focus();
}
