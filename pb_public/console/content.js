// The content page: the records of a collection with, for each, its history (every revision
// with who made it, a diff against the record and a restore button) and, on drafts, a preview
// link; the live preview links with their revoke buttons. Records are read with PocketBase's
// SDK as the owner; history and previews go through /api/admin/revisions and /api/admin/previews.
import { pb, admin } from './api.js';
import { h, fill, uid, timeEl, formatDate, announce, confirmDialog, secretDialog, errorBox, showError, orShowError } from './ui.js';

/** collections are the content collections, with the field that names a record. */
const collections = [
  { name: 'posts', label: 'Posts', title: 'title', preview: true },
  { name: 'projects', label: 'Projects', title: 'title', preview: true },
  { name: 'pages', label: 'Pages', title: 'title', preview: false },
  { name: 'courses', label: 'Courses', title: 'title', preview: true },
  { name: 'talks', label: 'Talks', title: 'title', preview: true },
  { name: 'experience', label: 'Experience', title: 'company', preview: true },
  { name: 'education', label: 'Education', title: 'school', preview: true },
  { name: 'skills', label: 'Skills', title: 'name', preview: true },
  { name: 'certifications', label: 'Certifications', title: 'name', preview: true },
];

/**
 * stateText names each state the server computes for a post, project or page (its `state`,
 * hooks/vocab State: the one rule of what v1 serves); the console never guesses it from the
 * fields. `on` marks the states v1 serves to anyone.
 */
const stateText = {
  draft: { text: 'Draft', on: false },
  scheduled: { text: 'Scheduled', on: false },
  published: { text: 'Published', on: true },
  members_only: { text: 'Members only', on: true },
  paid: { text: 'Paid members', on: true },
  private: { text: 'Private', on: false },
};

/** stateBadge shows a record's state, or a dash for a collection that has none. */
function stateBadge(rec) {
  const state = stateText[rec.state];
  if (!state) return h('span', { class: 'muted', text: '—' });
  return h('span', { class: state.on ? 'badge on' : 'badge off', text: state.text });
}

/** renderContent draws the page into root. */
export async function renderContent(root) {
  const selectId = uid('collection');
  const select = h('select', { id: selectId },
    collections.map((c) => h('option', { value: c.name, text: c.label })));
  const list = h('div', { class: 'list' });
  const history = h('section', { class: 'history', 'aria-label': 'History', hidden: true });
  const links = h('section', { class: 'previews', 'aria-labelledby': 'previews-title' });
  const deletedId = uid('deleted-id');
  const deletedForm = h('form', { class: 'inline-form', onsubmit: (e) => {
    e.preventDefault();
    const id = e.currentTarget.elements.record.value.trim();
    if (id) showHistory({ collection: current(), id, title: id, deleted: true });
  } },
  h('label', { for: deletedId, text: 'History of a deleted record (its id)' }),
  h('input', { id: deletedId, name: 'record', type: 'text', autocomplete: 'off', spellcheck: 'false', required: true }),
  h('button', { type: 'submit', class: 'secondary' }, 'Show history'));

  const current = () => collections.find((c) => c.name === select.value);

  async function refresh() {
    const col = current();
    list.setAttribute('aria-busy', 'true');
    try {
      const page = await pb.collection(col.name).getList(1, 50, { sort: '-updated', requestKey: null });
      fill(list, page.items.length ? recordTable(col, page.items) : h('p', { class: 'empty', text: `No ${col.label.toLowerCase()} yet.` }));
    } catch (err) {
      fill(list, errorBox(err));
    } finally {
      list.removeAttribute('aria-busy');
    }
  }

  function recordTable(col, items) {
    return h('table', { class: 'data' },
      h('caption', { class: 'sr-only', text: col.label }),
      h('thead', {}, h('tr', {}, ['Title', 'State', 'Updated', 'Actions'].map((t) => h('th', { scope: 'col', text: t })))),
      h('tbody', {}, items.map((rec) => {
        const title = rec[col.title] || rec.id;
        const draft = rec.draft === true;
        return h('tr', { 'data-id': rec.id },
          h('th', { scope: 'row', text: title }),
          h('td', {}, stateBadge(rec)),
          h('td', {}, timeEl(rec.updated)),
          h('td', { class: 'actions-cell' },
            h('button', { type: 'button', class: 'secondary', 'aria-label': `History of ${title}`,
              onclick: () => showHistory({ collection: col, id: rec.id, title }) }, 'History'),
            draft && col.preview ? h('button', { type: 'button', class: 'secondary', 'aria-label': `Preview link for ${title}`,
              onclick: () => makePreview(col, rec.id, title) }, 'Preview link') : null));
      })));
  }

  async function showHistory({ collection, id, title }) {
    history.hidden = false;
    const headingId = uid('history-title');
    const body = h('div', { 'aria-busy': 'true' }, h('p', { class: 'muted', text: 'Loading the history…' }));
    fill(history,
      h('div', { class: 'page-head' },
        h('h2', { id: headingId, tabindex: '-1', text: `History of “${title}”` }),
        h('button', { type: 'button', class: 'secondary', onclick: () => { history.hidden = true; fill(history); } }, 'Close history')),
      body);
    history.setAttribute('aria-labelledby', headingId);
    history.querySelector('h2').focus();
    try {
      const revs = await admin('GET', `/revisions?collection=${encodeURIComponent(collection.name)}&record=${encodeURIComponent(id)}`);
      fill(body, revs.length
        ? h('ol', { class: 'revisions' }, revs.map((r) => revisionItem(collection, r, title)))
        : h('p', { class: 'empty', text: 'No earlier versions: this record has not been changed since it was made.' }));
    } catch (err) {
      fill(body, errorBox(err));
    } finally {
      body.removeAttribute('aria-busy');
    }
  }

  function revisionItem(col, r, title) {
    const diff = h('div', { class: 'diff', hidden: true });
    const show = h('button', { type: 'button', class: 'secondary small', 'aria-expanded': 'false', onclick: async () => {
      const open = show.getAttribute('aria-expanded') === 'true';
      show.setAttribute('aria-expanded', String(!open));
      diff.hidden = open;
      if (!open) fill(diff, await diffView(r));
    } }, 'Show changes');
    return h('li', { 'data-revision': r.id },
      h('div', { class: 'revision-head' },
        timeEl(r.created), ' ', h('span', { class: 'badge', text: actionText[r.action] || r.action }), ' ',
        h('span', { class: 'muted', text: actorText(r.actor) }),
        h('span', { class: 'revision-actions' }, show,
          h('button', { type: 'button', class: 'danger small', onclick: () => restore(col, r, title) }, 'Restore this version'))),
      diff);
  }

  async function restore(col, r, title) {
    const done = await confirmDialog({
      title: `Restore this version of “${title}”?`,
      message: ['The record takes the values it had then. What it holds now is kept as a version of its own, so this can be undone.'],
      confirmLabel: 'Restore',
      onConfirm: () => admin('POST', `/revisions/${encodeURIComponent(r.id)}/restore`, { collection: col.name, record: r.record }),
    });
    if (!done) return;
    announce(`Restored the version of ${formatDate(r.created)}.`);
    await refresh();
    await showHistory({ collection: col, id: r.record, title: done.fields?.[col.title] || title });
  }

  async function makePreview(col, id, title) {
    const link = await orShowError(admin('POST', '/previews', { collection: col.name, id }));
    if (!link) return;
    await refreshLinks();
    await secretDialog({
      title: `Preview link for “${title}”`,
      label: 'Preview token',
      secret: link.token,
      lost: 'Only a hash of it is kept. If you lose it, make another link.',
      notes: [h('p', {}, 'Your site reads the draft with its own key at ', h('code', { text: '/api/v1/previews/<token>' }),
        ' until ', timeEl(link.expires_at), '. Revoke the link below to end it sooner.')],
    });
    link.token = undefined;
    announce(`Preview link for ${title} made.`);
  }

  async function refreshLinks() {
    const body = h('div', {});
    fill(links,
      h('div', { class: 'page-head' },
        h('h2', { id: 'previews-title', text: 'Preview links' }),
        h('button', { type: 'button', class: 'danger', onclick: revokeAll }, 'Revoke all preview links')),
      body);
    try {
      const all = await admin('GET', '/previews');
      fill(body, all.length ? h('table', { class: 'data' },
        h('caption', { class: 'sr-only', text: 'Live preview links' }),
        h('thead', {}, h('tr', {}, ['Record', 'Expires', 'Actions'].map((t) => h('th', { scope: 'col', text: t })))),
        h('tbody', {}, all.map((l) => h('tr', { 'data-id': l.id },
          h('th', { scope: 'row' }, h('code', { text: `${l.collection}/${l.record}` })),
          h('td', {}, timeEl(l.expires_at)),
          h('td', {}, h('button', { type: 'button', class: 'danger small', 'aria-label': `Revoke the preview link of ${l.collection}/${l.record}`,
            onclick: () => revokeLink(l) }, 'Revoke'))))))
        : h('p', { class: 'muted', text: 'No live preview links.' }));
    } catch (err) {
      fill(body, errorBox(err));
    }
  }

  async function revokeLink(l) {
    try {
      await admin('DELETE', `/previews/${encodeURIComponent(l.id)}`);
      announce('Preview link revoked.');
    } catch (err) {
      await showError(err);
    }
    await refreshLinks();
  }

  async function revokeAll() {
    const done = await confirmDialog({
      title: 'Revoke every preview link?',
      message: ['Every preview token stops working now.'],
      confirmLabel: 'Revoke all',
      danger: true,
      onConfirm: () => admin('DELETE', '/previews'),
    });
    if (!done) return;
    announce('Every preview link revoked.');
    await refreshLinks();
  }

  select.addEventListener('change', () => { history.hidden = true; fill(history); refresh(); });
  fill(root,
    h('div', { class: 'page-head' }, h('h1', { tabindex: '-1', text: 'Content' }),
      h('div', { class: 'field inline' }, h('label', { for: selectId, text: 'Collection' }), select)),
    h('p', { class: 'lede', text: 'Every change keeps the version it replaced (the last 50, for 90 days): open a record’s history to compare a version with the record and restore it. A draft’s preview link lets your site show it before it is published.' }),
    list, deletedForm, history, links);
  await Promise.all([refresh(), refreshLinks()]);
}

const actionText = { update: 'Before an edit', delete: 'Before the delete', restore: 'Before a restore' };

/** actorText says who made a change. */
function actorText(a) {
  if (!a) return '';
  switch (a.type) {
    case 'owner': return `by ${a.name} (dashboard or console)`;
    case 'key': return `by the API key “${a.name}”`;
    case 'command': return `by the command “${a.name}”`;
    default: return 'by the server';
  }
}

/** diffView shows, for each changed field, the version's value against the record's now. */
async function diffView(r) {
  let d;
  try {
    d = await admin('GET', `/revisions/${encodeURIComponent(r.id)}/diff`);
  } catch (err) {
    if (err.code === 'record_deleted') {
      return h('p', { class: 'note' }, 'The record was deleted: restore this version to bring it back as it was.');
    }
    return errorBox(err);
  }
  const changed = d.fields.filter((f) => f.changed);
  if (!changed.length) return h('p', { class: 'note', text: 'Same as the record now.' });
  return h('dl', { class: 'diff-fields' }, changed.map((f) => [
    h('dt', {}, h('code', { text: f.field })),
    h('dd', {}, f.lines
      ? h('pre', { class: 'line-diff', 'aria-label': `Changes to ${f.field}: removed lines start with a minus, added lines with a plus` },
        f.lines.map((l) => lineRun(l)))
      : h('span', {}, 'was ', h('code', { text: show(f.revision) }), ', now ', h('code', { text: show(f.current) }))),
  ]));
}

function lineRun(l) {
  const mark = { insert: '+ ', delete: '- ', equal: '  ' }[l.op];
  // One block per run: its lines, each marked, without the last line break.
  const lines = l.text.replace(/\n$/, '').split('\n').map((line) => mark + line).join('\n');
  if (l.op === 'insert') return h('ins', { text: lines });
  if (l.op === 'delete') return h('del', { text: lines });
  return h('span', { text: lines });
}

function show(v) {
  if (v === null || v === undefined || v === '') return '(empty)';
  return typeof v === 'string' ? v : JSON.stringify(v);
}
