// The console's shell: login and logout, the pages behind #keys, #webhooks, #content,
// #analytics, #subscribers, #newsletter and #members, the site's export, and what happens when the session ends.
import { pb, login, logout, resume, loginError, onUnauthorized, downloadExport } from './api.js';
import { announce } from './ui.js';
import { renderKeys } from './keys.js';
import { renderWebhooks } from './webhooks.js';
import { renderAnalytics } from './analytics.js';
import { renderContent } from './content.js';
import { renderSubscribers } from './subscribers.js';
import { renderNewsletter } from './newsletter.js';
import { renderMembers } from './members.js';

const pages = {
  keys: { title: 'API keys', render: renderKeys },
  webhooks: { title: 'Webhooks', render: renderWebhooks },
  content: { title: 'Content', render: renderContent },
  analytics: { title: 'Analytics', render: renderAnalytics },
  subscribers: { title: 'Subscribers', render: renderSubscribers },
  newsletter: { title: 'Newsletter', render: renderNewsletter },
  members: { title: 'Members', render: renderMembers },
};

const $ = (id) => document.getElementById(id);

function currentPage() {
  const name = location.hash.replace(/^#/, '');
  return pages[name] ? name : 'keys';
}

function showLogin(message = '') {
  document.querySelectorAll('dialog').forEach((d) => d.close()); // and with them any secret
  $('topbar').hidden = true;
  $('view').hidden = true;
  $('view').replaceChildren();
  $('login-view').hidden = false;
  const err = $('login-error');
  err.textContent = message;
  err.hidden = !message;
  document.title = 'Log in · Owner console';
  $('login-email').focus();
}

async function showPage(moveFocus) {
  const name = currentPage();
  const page = pages[name];
  $('login-view').hidden = true;
  $('topbar').hidden = false;
  $('whoami').textContent = pb.authStore.record?.email || '';
  $('view').hidden = false;
  document.title = `${page.title} · Owner console`;
  for (const link of document.querySelectorAll('#topbar nav a')) {
    if (link.getAttribute('href') === `#${name}`) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  const pending = page.render($('view'));
  if (moveFocus) $('view').querySelector('h1')?.focus();
  await pending;
}

async function onLogin(e) {
  e.preventDefault();
  const form = e.currentTarget;
  const button = form.querySelector('button[type="submit"]');
  button.disabled = true;
  form.setAttribute('aria-busy', 'true');
  $('login-error').hidden = true;
  try {
    await login(form.elements.email.value.trim(), form.elements.password.value);
    form.elements.password.value = '';
    await showPage(true);
  } catch (err) {
    const msg = loginError(err);
    $('login-error').textContent = msg;
    $('login-error').hidden = false;
    form.elements.password.select();
  } finally {
    button.disabled = false;
    form.removeAttribute('aria-busy');
  }
}

function onLogout() {
  logout();
  showLogin();
  announce('You are logged out.');
}

async function onExport() {
  const button = $('export');
  button.disabled = true;
  try {
    await downloadExport();
    announce('The site archive is downloading.');
  } catch (err) {
    announce(`Export failed: ${err.message}`);
  } finally {
    button.disabled = false;
  }
}

async function start() {
  $('login-form').addEventListener('submit', onLogin);
  $('logout').addEventListener('click', onLogout);
  $('export').addEventListener('click', onExport);
  window.addEventListener('hashchange', () => {
    if (pb.authStore.isValid) showPage(true);
  });
  onUnauthorized(() => {
    logout();
    showLogin('Your session has ended. Log in again.');
  });
  // Another tab logged out: follow it.
  pb.authStore.onChange((token) => {
    if (!token && !$('topbar').hidden) showLogin();
  });
  if (await resume()) await showPage(false);
  else showLogin();
}

start();
