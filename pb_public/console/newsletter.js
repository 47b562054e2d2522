// The newsletter page: the sends with a progress bar each (refreshed every few seconds while
// one is queued or sending, and never after the owner leaves the page), their pause, resume and
// cancel buttons, the form that mails a post (newsletter_send.js) and the DKIM record to
// publish with SPF and DMARC advice (newsletter_dkim.js).
import { admin, pb } from './api.js';
import { h, fill, timeEl, errorBox, announce, confirmDialog, showError } from './ui.js';
import { sendForm } from './newsletter_send.js';
import { dkimCard } from './newsletter_dkim.js';

/** POLL_MS is how often the sends are read again while one is queued or sending. */
const POLL_MS = 2500;

/** RUNNING are the states of a send that is still going out by itself. */
const RUNNING = new Set(['queued', 'sending']);

const numberFormat = new Intl.NumberFormat();
const rateFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

/** renderNewsletter draws the page into root. */
export async function renderNewsletter(root) {
  const list = h('div', { class: 'list', 'aria-busy': 'true' }, h('p', { class: 'muted', text: 'Loading the sends…' }));
  const titles = new Map(); // post id → title, kept across refreshes
  let timer;
  const stop = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  // Leaving the page (another page, the login form) stops the refreshes at once.
  window.addEventListener('hashchange', stop, { once: true });

  /** refresh reads the sends again, keeps the focus on the button it was on, and polls while one runs. */
  async function refresh() {
    stop();
    if (!list.isConnected) return;
    const focus = focusedAction(list);
    list.setAttribute('aria-busy', 'true');
    try {
      const sends = await admin('GET', '/newsletters?limit=20');
      await learnTitles(titles, sends);
      if (!list.isConnected) return;
      fill(list, sends.length ? sendTable(sends, titles, refresh) : h('p', { class: 'empty', text: 'No post has been mailed yet.' }));
      if (sends.some((s) => RUNNING.has(s.state))) timer = setTimeout(refresh, POLL_MS);
    } catch (err) {
      fill(list, errorBox(err));
    } finally {
      list.removeAttribute('aria-busy');
    }
    if (focus) list.querySelector(`[data-id="${CSS.escape(focus.id)}"] [data-action="${focus.action}"]`)?.focus();
  }

  const form = sendForm({ onQueued: refresh });
  const dkim = h('section', { class: 'panel', 'aria-labelledby': 'dkim-title' });
  fill(root,
    h('div', { class: 'page-head' },
      h('h1', { tabindex: '-1', text: 'Newsletter' }),
      h('button', { type: 'button', class: 'secondary', onclick: () => refresh() }, 'Refresh')),
    h('p', { class: 'lede', text: 'A send mails a published post once to every confirmed subscriber, DKIM-signed, with a one-click unsubscribe. Nothing is tracked: no open pixel, no rewritten links.' }),
    h('section', { 'aria-labelledby': 'sends-title' }, h('h2', { id: 'sends-title', text: 'Sends' }), list),
    form.section,
    dkim);
  await Promise.all([refresh(), form.load(), dkimCard(dkim)]);
}

/** focusedAction names the send button that has the focus in list ({id, action}), or null. */
function focusedAction(list) {
  const button = document.activeElement?.closest?.('[data-action]');
  const row = button?.closest('[data-id]');
  return row && list.contains(row) ? { id: row.dataset.id, action: button.dataset.action } : null;
}

/** learnTitles adds to titles the title of every post of sends it does not know yet. */
async function learnTitles(titles, sends) {
  const ids = [...new Set(sends.map((s) => s.post))].filter((id) => !titles.has(id));
  if (!ids.length) return;
  const params = Object.fromEntries(ids.map((id, i) => [`p${i}`, id]));
  const filter = pb.filter(ids.map((_, i) => `id = {:p${i}}`).join(' || '), params);
  try {
    const posts = await pb.collection('posts').getFullList({ filter, fields: 'id,title', requestKey: null });
    for (const p of posts) titles.set(p.id, p.title);
    for (const id of ids) if (!titles.has(id)) titles.set(id, `${id} (deleted post)`);
  } catch {
    // The ids stand in for the titles until the next refresh.
  }
}

function sendTable(sends, titles, refresh) {
  return h('table', { class: 'data' },
    h('caption', { class: 'sr-only', text: 'Sends, newest first' }),
    h('thead', {}, h('tr', {}, ['Post', 'State', 'Progress', 'Started', 'Finished', 'Actions'].map((t) => h('th', { scope: 'col', text: t })))),
    h('tbody', {}, sends.map((s) => sendRow(s, titles.get(s.post) || s.post, refresh))));
}

/** done is how many of the send's messages are through: sent, failed or bounced. */
const done = (s) => s.sent + s.failed + s.bounced;

function sendRow(s, title, refresh) {
  const percent = s.total ? Math.floor((done(s) * 100) / s.total) : 100;
  const badge = { finished: 'on', cancelled: 'off', paused: 'pending' }[s.state] || 'pending';
  return h('tr', { 'data-id': s.id, 'data-state': s.state },
    h('th', { scope: 'row' }, title,
      s.email_only ? h('span', { class: 'badge', text: 'e-mail only' }) : null,
      s.resend ? h('span', { class: 'badge', text: 'sent again' }) : null),
    h('td', {}, h('span', { class: `badge ${badge}`, text: s.state })),
    h('td', { class: 'progress-cell' },
      h('progress', { max: '100', value: String(percent), 'aria-label': `Progress of “${title}”` }),
      h('span', { class: 'num', text: ` ${percent} %` }),
      h('div', { class: 'help', text: progressText(s) })),
    h('td', {}, timeEl(s.started)),
    h('td', {}, timeEl(s.finished)),
    h('td', { class: 'actions-cell' }, steerButtons(s, title, refresh)));
}

/** progressText is the send's counts in words. */
function progressText(s) {
  if (!s.total) return 'No confirmed subscriber when it was queued.';
  const parts = [`${numberFormat.format(done(s))} of ${numberFormat.format(s.total)}`, `${numberFormat.format(s.sent)} sent`];
  if (s.failed) parts.push(`${numberFormat.format(s.failed)} failed`);
  if (s.bounced) parts.push(`${numberFormat.format(s.bounced)} bounced`);
  if (s.rate) parts.push(`${rateFormat.format(s.rate)} per second`);
  return parts.join(' · ');
}

/** steerButtons are the steps the send's state allows (the server refuses the others). */
function steerButtons(s, title, refresh) {
  const step = (action, label, run) => h('button', {
    type: 'button', class: action === 'cancel' ? 'danger small' : 'secondary small', 'data-action': action,
    'aria-label': `${label} the send of “${title}”`, onclick: run,
  }, label);
  const post = (action, message) => async () => {
    try {
      await admin('POST', `/newsletters/${encodeURIComponent(s.id)}/${action}`);
      announce(message);
    } catch (err) {
      await showError(err);
    }
    await refresh();
  };
  const cancel = step('cancel', 'Cancel', async () => {
    const yes = await confirmDialog({
      title: `Cancel the send of “${title}”?`,
      message: [`The ${numberFormat.format(s.pending)} messages not sent yet are never sent. This cannot be resumed.`],
      confirmLabel: 'Cancel the send',
      danger: true,
      onConfirm: () => admin('POST', `/newsletters/${encodeURIComponent(s.id)}/cancel`),
    });
    if (yes) announce(`The send of “${title}” is cancelled.`);
    await refresh();
  });
  switch (s.state) {
    case 'queued':
    case 'sending':
      return [step('pause', 'Pause', post('pause', `The send of “${title}” is paused.`)), cancel];
    case 'paused':
      return [step('resume', 'Resume', post('resume', `The send of “${title}” goes on.`)), cancel];
    default:
      return h('span', { class: 'muted', text: '—' });
  }
}
