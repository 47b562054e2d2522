// The newsletter's deliverability card: the DKIM TXT record to publish in the sender domain's
// DNS (GET /api/admin/newsletters/dkim; the key is made at first use), with one line each of
// SPF and DMARC advice, or what to set first when the server has no sender address.
import { admin } from './api.js';
import { h, fill, errorBox } from './ui.js';

/** dkimCard reads the record and draws it into section (its heading is #dkim-title). */
export async function dkimCard(section) {
  const body = h('div', { 'aria-busy': 'true' }, h('p', { class: 'muted', text: 'Loading the DKIM record…' }));
  fill(section, h('h2', { id: 'dkim-title', text: 'DKIM, SPF and DMARC' }), body);
  try {
    fill(body, record(await admin('GET', '/newsletters/dkim')));
  } catch (err) {
    fill(body, err.code === 'mail_not_configured'
      ? h('p', { class: 'callout' }, `No DKIM record yet: ${err.message}. The record is for the domain of the sender address, so set that first (the dashboard’s Settings › Mail settings), then come back here.`)
      : errorBox(err));
  } finally {
    body.removeAttribute('aria-busy');
  }
}

function record(d) {
  return [
    h('p', { text: `Gmail, Yahoo and Outlook refuse bulk mail that is not signed. Publish this TXT record in the DNS of ${d.domain}; every letter is signed with its key.` }),
    h('dl', { class: 'facts' },
      h('dt', { text: 'Name' }), h('dd', {}, h('code', { text: d.name })),
      h('dt', { text: 'Type' }), h('dd', {}, h('code', { text: 'TXT' })),
      h('dt', { text: 'Value' }), h('dd', {}, h('code', { class: 'dns-value', text: d.value })),
      h('dt', { text: 'Zone file line' }), h('dd', {}, h('pre', { class: 'dns-value', text: d.zone }))),
    h('p', {}, h('strong', { text: 'SPF: ' }),
      `the TXT record of ${d.domain} must allow the SMTP server that sends for you, e.g. `,
      h('code', { text: 'v=spf1 include:<your mail provider’s SPF domain> ~all' }), ' (your provider names it).'),
    h('p', {}, h('strong', { text: 'DMARC: ' }),
      `publish a TXT record at _dmarc.${d.domain}, e.g. `,
      h('code', { text: `v=DMARC1; p=none; rua=mailto:postmaster@${d.domain}` }),
      '; move to p=quarantine once its reports show your letters pass.'),
  ];
}
