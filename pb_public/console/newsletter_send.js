// The form that mails a post: pick a post (public, members or paid) and whom to mail it to
// (everyone, members, paid members), choose e-mail only (a draft mailed
// without going on the site) or send again (a post mailed before), and Send; or, for a draft or
// a scheduled post, "Publish and send": publish it now through PocketBase's records API, then
// queue its send. The server's refusals are said in words, with what to do.
import { admin, pb } from './api.js';
import { h, fill, uid, errorText, announce } from './ui.js';

/**
 * sendForm builds the "Send a post" section; load() reads the posts into its picker.
 * onQueued runs after a send is queued (the list shows it).
 */
export function sendForm({ onQueued }) {
  const ids = { post: uid('nl-post'), audience: uid('nl-audience'), emailOnly: uid('nl-email-only'), resend: uid('nl-resend'), help: uid('nl-help') };
  const select = h('select', { id: ids.post, name: 'post', required: true, 'aria-describedby': ids.help });
  const audience = h('select', { id: ids.audience, name: 'audience' },
    h('option', { value: 'everyone', text: 'Every confirmed subscriber' }),
    h('option', { value: 'members', text: 'Subscribers who are members' }),
    h('option', { value: 'paid', text: 'Subscribers who are paid members' }));
  const emailOnly = h('input', { id: ids.emailOnly, name: 'email_only', type: 'checkbox' });
  const resend = h('input', { id: ids.resend, name: 'resend', type: 'checkbox' });
  const message = h('p', { class: 'error', role: 'alert', hidden: true });
  const send = h('button', { type: 'submit', class: 'primary' }, 'Send');
  const publishSend = h('button', { type: 'button', class: 'secondary' }, 'Publish and send');
  let posts = new Map(); // id → post

  const chosen = () => posts.get(select.value);
  /** sync allows Publish and send for a post not published yet, and not with e-mail only. */
  const sync = () => {
    const p = chosen();
    publishSend.disabled = !p || published(p) || emailOnly.checked;
  };

  async function load() {
    try {
      const list = await pb.collection('posts').getList(1, 200, {
        filter: 'visibility != "private"', sort: '-updated', fields: 'id,title,visibility,state', requestKey: null,
      });
      posts = new Map(list.items.map((p) => [p.id, p]));
      const name = (p) => (p.title || p.id) + (p.visibility === 'public' ? '' : ` (${p.visibility})`);
      const group = (label, items) => items.length && h('optgroup', { label }, items.map((p) => h('option', { value: p.id, text: name(p) })));
      fill(select,
        h('option', { value: '', text: list.items.length ? 'Choose a post' : 'No post to mail yet' }),
        group('Published', list.items.filter(published)),
        group('Drafts and scheduled', list.items.filter((p) => !published(p))));
    } catch (err) {
      fill(select, h('option', { value: '', text: 'The posts could not be read' }));
      say(errorText(err));
    }
    sync();
  }

  /** say shows a refusal (or, ok, a success) under the form; empty hides it. */
  function say(text, ok = false) {
    message.textContent = text;
    message.className = ok ? 'ok' : 'error';
    message.setAttribute('role', ok ? 'status' : 'alert');
    message.hidden = !text;
  }

  /** run disables the form while job runs. */
  async function run(job) {
    send.disabled = true;
    publishSend.disabled = true;
    say('');
    try {
      await job(chosen());
    } finally {
      send.disabled = false;
      sync();
    }
  }

  /** queue asks the server to mail post; it answers whether the send is queued. */
  async function queue(post, options, failurePrefix = '') {
    try {
      const s = await admin('POST', '/newsletters', { post: post.id, ...options });
      const text = `“${post.title}” is queued for ${s.total} confirmed ${s.total === 1 ? 'subscriber' : 'subscribers'}: follow it in the list above.`;
      say(text, true);
      announce(text);
      resend.checked = false;
      await onQueued();
      return true;
    } catch (err) {
      say(failurePrefix + refusal(err, post));
      return false;
    }
  }

  async function publishAndSend(post) {
    const change = { draft: false };
    if (post.state === 'scheduled') change.published_at = new Date().toISOString(); // now, not at its scheduled time
    try {
      await pb.collection('posts').update(post.id, change);
    } catch (err) {
      say(`“${post.title}” could not be published, so nothing was sent: ${errorText(err)}`);
      return;
    }
    await queue(post, { resend: resend.checked, audience: audience.value }, `“${post.title}” is published now, but it was not sent: `);
    await load();
    select.value = post.id;
    sync();
  }

  select.addEventListener('change', () => { say(''); sync(); });
  emailOnly.addEventListener('change', sync);
  publishSend.addEventListener('click', () => run(publishAndSend));
  const form = h('form', { class: 'send-form', onsubmit: (e) => {
    e.preventDefault();
    run((post) => queue(post, { email_only: emailOnly.checked, resend: resend.checked, audience: audience.value }));
  } },
  h('div', { class: 'field' },
    h('label', { for: ids.post, text: 'Post' }), select,
    h('p', { id: ids.help, class: 'help', text: 'A members or paid post goes whole to who may read it, and cut at <!--members-only--> with a sign-in link to everyone else; a private post is never mailed. “Publish and send” publishes a draft or a scheduled post now, then mails it.' })),
  h('div', { class: 'field' }, h('label', { for: ids.audience, text: 'To' }), audience),
  h('div', { class: 'check-line' }, emailOnly,
    h('label', { for: ids.emailOnly, text: 'E-mail only: mail this draft without putting it on the site or in the feeds' })),
  h('div', { class: 'check-line' }, resend,
    h('label', { for: ids.resend, text: 'Send again: mail a post that was mailed before to every confirmed subscriber once more' })),
  message,
  h('div', { class: 'toolbar' }, send, publishSend));

  const section = h('section', { class: 'panel', 'aria-labelledby': 'send-title' },
    h('h2', { id: 'send-title', text: 'Send a post' }), form);
  return { section, load };
}

/** published reports whether post is on the site now, by the server's state of it. */
function published(post) {
  return post.state !== 'draft' && post.state !== 'scheduled';
}

/** refusal says in words why the server did not queue the send of post, and what to do. */
function refusal(err, post) {
  const t = `“${post.title}”`;
  const words = {
    already_sent: `${t} was mailed already (see the sends above), so nothing was sent. To mail it to every confirmed subscriber once more, tick “Send again”.`,
    post_not_published: `${t} is not on your site yet (a draft, or scheduled). “Publish and send” publishes it now and mails it; “E-mail only” mails a draft without publishing it.`,
    post_on_site: `“E-mail only” is for drafts, and ${t} is (or at its time will be) on your site: untick “E-mail only” to mail it.`,
    no_sign_in_link: `Some of these subscribers may not read ${t} whole, so they would get it cut with a “Sign in to read the rest” link, but the post has no page on your site to link to: set the site's URL in the dashboard (settings › site_url), or send it only to readers who may read it whole (“To”).`,
    mail_not_configured: 'The server cannot send mail yet: set a sender address (and an SMTP server) in the dashboard’s Settings › Mail settings, or start it with --newsletter-smtp.',
  }[err.code];
  return words ? `${words} (code ${err.code})` : errorText(err);
}
