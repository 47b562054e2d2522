// The members page: the site's members (PocketBase's members collection, read and changed with
// the owner's superuser token through the JS SDK), each with their paid mark and a switch: a
// member switched off signs in no more and their tokens stop at once (issue 31).
import { pb } from './api.js';
import { h, timeEl, announce, showError, listPage } from './ui.js';

/** renderMembers draws the page into root. */
export async function renderMembers(root) {
  const refresh = listPage(root, {
    title: 'Members',
    lede: 'Readers who sign in on your site with a code sent to their e-mail. Members read what you mark “members”; paid members (marked here, or with a completed purchase) read what you mark “paid” too.',
    loading: 'Loading members…',
    actions: (refresh) => h('button', { type: 'button', class: 'secondary', onclick: () => refresh() }, 'Refresh'),
    load: async () => (await pb.collection('members').getList(1, 200, { sort: '-created' })).items,
    render: memberTable,
    empty: 'No members yet.',
  });
  await refresh();
}

function memberTable(members, refresh) {
  return h('table', { class: 'data' },
    h('caption', { class: 'sr-only', text: 'Members' }),
    h('thead', {}, h('tr', {},
      ['E-mail', 'Name', 'Since', 'Paid', 'State', 'Actions'].map((t) => h('th', { scope: 'col', text: t })))),
    h('tbody', {}, members.map((m) => memberRow(m, refresh))));
}

function memberRow(m, refresh) {
  const act = (action, label, change, done) => h('button', {
    type: 'button', class: 'secondary', 'data-action': action, 'aria-label': `${label}: ${m.email}`,
    onclick: () => changeMember(m, change, done, action, refresh),
  }, label);
  return h('tr', { 'data-id': m.id },
    h('th', { scope: 'row', text: m.email }),
    h('td', { text: m.name || '—' }),
    h('td', {}, timeEl(m.created)),
    h('td', { text: m.paid ? 'Paid' : '—' }),
    h('td', {}, m.disabled ? h('span', { class: 'badge off', text: 'Switched off' }) : h('span', { class: 'badge on', text: 'Active' })),
    h('td', { class: 'actions-cell' },
      act('paid', m.paid ? 'Unmark paid' : 'Mark paid', { paid: !m.paid }, m.paid ? 'is no longer marked paid' : 'is marked paid'),
      act('toggle', m.disabled ? 'Switch on' : 'Switch off', { disabled: !m.disabled },
        m.disabled ? 'is switched on' : 'is switched off: signed out everywhere')));
}

async function changeMember(m, change, done, action, refresh) {
  try {
    await pb.collection('members').update(m.id, change);
    announce(`Member ${m.email} ${done}.`);
  } catch (err) {
    announce(`Could not change member ${m.email}.`);
    await showError(err);
  }
  await refresh({ id: m.id, action });
}
