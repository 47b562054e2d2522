// The newsletter's subscribers: the counts per status, the list (newest first, filtered by
// status, 50 at a time), a CSV import (pending, or confirmed for addresses that consented
// elsewhere; nobody is mailed) and the CSV export.
import { adminBody, admin, download } from './api.js';
import { h, fill, uid, timeEl, errorBox, openDialog, orShowError, announce } from './ui.js';

const STATUSES = ['pending', 'confirmed', 'unsubscribed', 'bounced'];
const numberFormat = new Intl.NumberFormat();

/** renderSubscribers draws the page into root. */
export async function renderSubscribers(root) {
  const counts = h('dl', { class: 'stats', 'aria-live': 'polite' });
  const list = h('div', { class: 'list', 'aria-busy': 'true' }, h('p', { class: 'muted', text: 'Loading subscribers…' }));
  const filterId = uid('status');
  const filter = h('select', { id: filterId, onchange: () => load() },
    h('option', { value: '', text: 'All' }), STATUSES.map((s) => h('option', { value: s, text: s })));

  async function load() {
    list.setAttribute('aria-busy', 'true');
    try {
      const first = await page(filter.value, '');
      fill(counts, ['total', ...STATUSES].map((s) => h('div', { class: 'stat' },
        h('dt', { text: s === 'total' ? 'All' : s }), h('dd', { text: numberFormat.format(first.counts[s] ?? 0) }))));
      const rows = h('tbody', {}, first.data.map(row));
      fill(list, first.data.length ? [table(rows), more(rows, first.next_cursor)] : h('p', { class: 'empty', text: 'No subscribers here yet.' }));
    } catch (err) {
      fill(list, errorBox(err));
    } finally {
      list.removeAttribute('aria-busy');
    }
  }

  /** more is the button that appends the page after cursor to rows (none on the last page). */
  function more(rows, cursor) {
    if (!cursor) return null;
    const button = h('button', { type: 'button', class: 'secondary', onclick: async () => {
      const next = await orShowError(page(filter.value, cursor));
      if (!next) return;
      rows.append(...next.data.map(row));
      button.replaceWith(more(rows, next.next_cursor) ?? '');
    } }, 'Show more');
    return button;
  }

  fill(root,
    h('div', { class: 'page-head' },
      h('h1', { tabindex: '-1', text: 'Subscribers' }),
      h('div', { class: 'actions-cell' },
        h('button', { type: 'button', class: 'secondary', onclick: () => importDialog(load) }, 'Import CSV'),
        h('button', { type: 'button', class: 'secondary', onclick: () => orShowError(download('/newsletter/subscribers/export', 'subscribers.csv')) }, 'Export CSV'))),
    h('p', { class: 'lede', text: 'Readers subscribe from your site with a key holding the subscribe scope, then confirm from the e-mail they get. Unsubscribed and bounced addresses are never mailed.' }),
    counts,
    h('p', {}, h('label', { for: filterId, text: 'Status ' }), filter),
    list);
  await load();
}

function page(status, cursor) {
  const q = new URLSearchParams({ limit: '50' });
  if (status) q.set('status', status);
  if (cursor) q.set('cursor', cursor);
  return adminBody('GET', `/newsletter/subscribers?${q}`);
}

function table(rows) {
  return h('table', { class: 'data' },
    h('caption', { class: 'sr-only', text: 'Subscribers' }),
    h('thead', {}, h('tr', {}, ['Email', 'Name', 'Status', 'Source', 'Added', 'Confirmed'].map((t) => h('th', { scope: 'col', text: t })))),
    rows);
}

function row(s) {
  return h('tr', { 'data-id': s.id },
    h('td', { text: s.email }), h('td', { text: s.name }),
    h('td', {}, h('span', { class: `badge ${s.status === 'confirmed' ? 'on' : 'off'}`, text: s.status })),
    h('td', { text: s.source || '—' }), h('td', {}, timeEl(s.created)), h('td', {}, timeEl(s.confirmed_at)));
}

/** importDialog reads a CSV file in the browser and sends its text to the import endpoint. */
async function importDialog(reload) {
  const fileId = uid('csv');
  const consentId = uid('consented');
  const result = await openDialog({
    title: 'Import subscribers',
    submitLabel: 'Import',
    content: [
      h('p', { text: 'A CSV file with an email column (and name); Substack’s and Ghost’s exports work as they are. Addresses already on the list are left as they are. Nobody is mailed.' }),
      h('div', { class: 'field' }, h('label', { for: fileId, text: 'CSV file' }), h('input', { id: fileId, name: 'file', type: 'file', accept: '.csv,text/csv', required: true })),
      h('div', { class: 'field' }, h('input', { id: consentId, name: 'consented', type: 'checkbox' }),
        h('label', { for: consentId, text: ' These addresses already consented elsewhere: import them confirmed (otherwise pending)' })),
    ],
    onSubmit: async (form) => {
      const csv = await form.elements.file.files[0].text();
      return admin('POST', '/newsletter/subscribers/import', { csv, consented: form.elements.consented.checked });
    },
  });
  if (!result) return;
  announce(`Imported ${result.created}; ${result.existing} already on the list; ${result.invalid.length} invalid lines.`);
  if (result.invalid.length) {
    await openDialog({ title: 'Lines not imported', submitLabel: 'Close', cancelLabel: null,
      content: [h('ul', {}, result.invalid.map((l) => h('li', { text: `Line ${l.line}: ${l.reason}` })))] });
  }
  await reload();
}
