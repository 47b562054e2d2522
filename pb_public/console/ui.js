// Small DOM helpers shared by the views: element building (text only, never HTML strings),
// dates, the status region and modal dialogs with focus handling.

/**
 * h builds an element. props: attributes, plus `class`, `text`, `on<event>` handlers and
 * boolean properties (hidden, disabled, checked, required...). Children are nodes or strings;
 * null/false children are skipped.
 */
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'class') el.className = value;
    else if (name === 'text') el.textContent = value;
    else if (name.startsWith('on') && typeof value === 'function') el.addEventListener(name.slice(2), value);
    else if (value === true) el.setAttribute(name, '');
    else if (name === 'value') el.value = value;
    else el.setAttribute(name, String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** fill replaces el's children, skipping null/false ones as h does. */
export function fill(el, ...children) {
  el.replaceChildren(...children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false));
  return el;
}

let idCounter = 0;

/** uid returns a document-unique id for label/description links. */
export function uid(prefix) {
  idCounter += 1;
  return `${prefix}-${idCounter}`;
}

/** parseDate reads the API's record layout (2026-11-21 20:10:25.123Z) or RFC 3339. */
export function parseDate(value) {
  if (!value) return null;
  const d = new Date(String(value).replace(' ', 'T'));
  return Number.isNaN(d.getTime()) ? null : d;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** timeEl renders a timestamp as <time> in the owner's time zone, the UTC value as its title. */
export function timeEl(value, empty = '—') {
  const d = parseDate(value);
  if (!d) return h('span', { class: 'muted', text: empty });
  return h('time', { datetime: d.toISOString(), title: d.toISOString() }, dateFormat.format(d));
}

/** formatDate is timeEl as plain text. */
export function formatDate(value) {
  const d = parseDate(value);
  return d ? dateFormat.format(d) : '';
}

let announceTimer;

/** announce says msg in the polite status region (screen readers) and shows it briefly. */
export function announce(msg) {
  const region = document.getElementById('status');
  region.textContent = '';
  clearTimeout(announceTimer);
  // A fresh text node makes screen readers repeat an identical message.
  requestAnimationFrame(() => { region.textContent = msg; });
  announceTimer = setTimeout(() => { region.textContent = ''; }, 8000);
}

/** errorBox renders an error for the owner: the API's message and code. */
export function errorBox(err) {
  return h('p', { class: 'error', role: 'alert' }, errorText(err));
}

/** errorText is the owner-facing text of an error thrown by api.js or the SDK. */
export function errorText(err) {
  if (!err) return 'Something went wrong.';
  const parts = [err.message || String(err)];
  const extra = [];
  if (err.code) extra.push(`code ${err.code}`);
  if (err.requestId) extra.push(`request ${err.requestId}`);
  if (extra.length) parts.push(`(${extra.join(', ')})`);
  return parts.join(' ');
}

/**
 * openDialog shows a modal <dialog> with a form and resolves with what onSubmit returns, or
 * undefined when cancelled (Cancel, Escape). While onSubmit runs the buttons are disabled; an
 * error it throws is shown in the dialog. The dialog is removed from the document when it
 * closes (so nothing it showed stays in the DOM) and focus goes back where it was.
 */
export function openDialog({ title, content = [], submitLabel = 'Save', cancelLabel = 'Cancel', danger = false, onSubmit, initialFocus, onClose, className }) {
  const opener = document.activeElement;
  const titleId = uid('dlg-title');
  const errorEl = h('p', { class: 'error', role: 'alert', hidden: true });
  const submit = h('button', { type: 'submit', class: danger ? 'danger' : 'primary' }, submitLabel);
  const cancel = cancelLabel ? h('button', { type: 'button', class: 'secondary' }, cancelLabel) : null;
  const form = h('form', { method: 'dialog', class: 'dialog-form' },
    h('h2', { id: titleId, text: title }),
    content,
    errorEl,
    h('div', { class: 'actions' }, cancel, submit));
  const dialog = h('dialog', { 'aria-labelledby': titleId, class: className || '' }, form);
  document.body.append(dialog);

  return new Promise((resolve) => {
    let result;
    let busy = false;
    let finished = false;
    // finish runs once, as soon as the dialog closes by any way (the close event comes a
    // task later, so the buttons call it at once): forget what it showed, give focus back.
    const finish = () => {
      if (finished) return;
      finished = true;
      onClose?.(dialog);
      dialog.remove();
      if (opener && opener.isConnected && typeof opener.focus === 'function') opener.focus();
      else document.querySelector('main h1')?.focus();
      resolve(result);
    };
    const close = (value) => {
      result = value;
      if (dialog.open) dialog.close();
      finish();
    };
    cancel?.addEventListener('click', () => close(undefined));
    dialog.addEventListener('cancel', (e) => {
      if (busy) e.preventDefault(); // no Escape while a request is running
    });
    dialog.addEventListener('close', finish);
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      if (busy) return;
      if (!onSubmit) return close(true);
      busy = true;
      errorEl.hidden = true;
      submit.disabled = true;
      if (cancel) cancel.disabled = true;
      form.setAttribute('aria-busy', 'true');
      try {
        const value = await onSubmit(form);
        busy = false;
        close(value ?? true); // a 204 (null) is a success too
      } catch (err) {
        busy = false;
        errorEl.textContent = errorText(err);
        errorEl.hidden = false;
        submit.disabled = false;
        if (cancel) cancel.disabled = false;
        form.removeAttribute('aria-busy');
        (err.field && form.elements[err.field]) ? form.elements[err.field].focus() : submit.focus();
      }
    });
    dialog.showModal();
    const first = initialFocus?.(dialog) || form.querySelector('input, select, textarea, button:not([disabled])');
    first?.focus();
  });
}

/** confirmDialog asks a yes/no question; resolves true when confirmed. */
export async function confirmDialog({ title, message, confirmLabel, danger = false, onConfirm }) {
  const result = await openDialog({
    title,
    content: (Array.isArray(message) ? message : [message]).map((m) => (m instanceof Node ? m : h('p', { text: m }))),
    submitLabel: confirmLabel,
    danger,
    onSubmit: onConfirm,
    // Start on Cancel: a stray Enter must not revoke anything.
    initialFocus: (d) => d.querySelector('button.secondary'),
  });
  return result;
}

/**
 * secretDialog shows a secret (API key, webhook signing secret) once, with a copy button.
 * Closing it empties the field and removes the dialog, so the secret stays nowhere in the page.
 */
export function secretDialog({ title, label, secret, lost, notes = [] }) {
  const fieldId = uid('secret');
  const warnId = uid('secret-warn');
  const copyStatus = h('span', { class: 'copy-status', role: 'status', 'aria-live': 'polite' });
  const field = h('input', {
    id: fieldId, class: 'secret', type: 'text', readonly: true, value: secret,
    autocomplete: 'off', spellcheck: 'false', 'aria-describedby': warnId, 'data-secret': '',
  });
  const copy = h('button', {
    type: 'button', class: 'primary',
    onclick: async () => {
      try {
        await navigator.clipboard.writeText(field.value);
        copyStatus.textContent = 'Copied to the clipboard.';
      } catch {
        field.select();
        copyStatus.textContent = 'Could not copy automatically: the text is selected, press Ctrl+C (⌘C).';
      }
    },
  }, 'Copy');
  return openDialog({
    title,
    className: 'secret-dialog',
    content: [
      h('p', { id: warnId, class: 'warning' },
        h('strong', { text: 'Copy it now: you will not see this again. ' }), lost),
      h('label', { for: fieldId, text: label }),
      h('div', { class: 'secret-row' }, field, copy),
      copyStatus,
      notes.map((n) => (n instanceof Node ? n : h('p', { text: n }))),
    ],
    submitLabel: 'Done, I have stored it',
    cancelLabel: null,
    initialFocus: () => copy,
    onClose: () => { field.value = ''; field.removeAttribute('value'); },
  });
}

/** showError shows an error that has no form to sit in, in a dialog the owner closes. */
export function showError(err) {
  return openDialog({ title: 'That did not work', content: [errorBox(err)], submitLabel: 'Close', cancelLabel: null });
}

/** orShowError resolves with what promise gives, or shows its error and resolves with null. */
export async function orShowError(promise) {
  try {
    return await promise;
  } catch (err) {
    await showError(err);
    return null;
  }
}

/**
 * choiceFieldset is a fieldset of checkboxes named name, one per choice ({name, text}): the
 * value as the label, its text as the description; the values in checked are ticked. Ids start
 * with idPrefix.
 */
export function choiceFieldset({ legend, help, name, idPrefix, choices, checked = [] }) {
  const helpId = uid(`${idPrefix}-help`);
  const ticked = new Set(checked);
  return h('fieldset', { class: 'choices', 'aria-describedby': helpId },
    h('legend', { text: legend }),
    h('p', { id: helpId, class: 'help', text: help }),
    choices.map((c) => {
      const id = uid(idPrefix);
      return h('div', { class: 'check' },
        h('input', { id, type: 'checkbox', name, value: c.name, checked: ticked.has(c.name), 'aria-describedby': `${id}-desc` }),
        h('label', { for: id }, h('code', { text: c.name })),
        h('span', { id: `${id}-desc`, class: 'help', text: c.text }));
    }));
}

/** codeList renders a list of short codes (scopes, events, origins). */
export function codeList(items, empty) {
  if (!items || items.length === 0) return h('span', { class: 'muted', text: empty });
  return h('ul', { class: 'codes' }, items.map((s) => h('li', {}, h('code', { text: s }))));
}

/**
 * listPage draws a page (a heading with its actions, a lede, a list region) into root and
 * returns refresh(focus): it loads the items, draws them (or the empty text), shows an API error
 * in the list, and puts the focus back on the control focus names ({id, action}).
 * actions(refresh) and render(items, refresh) receive refresh for the changes they make.
 */
export function listPage(root, { title, lede, loading, actions, load, render, empty }) {
  const list = h('div', { class: 'list', 'aria-busy': 'true' }, h('p', { class: 'muted', text: loading }));
  async function refresh(focus) {
    list.setAttribute('aria-busy', 'true');
    try {
      const items = await load();
      fill(list, items.length ? render(items, refresh) : h('p', { class: 'empty', text: empty }));
    } catch (err) {
      fill(list, errorBox(err));
    } finally {
      list.removeAttribute('aria-busy');
    }
    if (focus) list.querySelector(`[data-id="${CSS.escape(focus.id)}"] [data-action="${focus.action}"]`)?.focus();
  }
  fill(root,
    h('div', { class: 'page-head' }, h('h1', { tabindex: '-1', text: title }), actions(refresh)),
    h('p', { class: 'lede' }, lede),
    list,
  );
  return refresh;
}
