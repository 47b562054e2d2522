// The analytics page: the fields of the site's plan from GET /api/admin/analytics, with a
// chart of page views and new members per day (pro and business) drawn by the vendored
// Chart.js, each chart also given as a table.
import { adminBody } from './api.js';
import { h, fill, uid, errorBox } from './ui.js';

const numberFormat = new Intl.NumberFormat();

let chartLib;

/** loadChart loads the vendored Chart.js UMD build once, when a chart is first drawn. */
export function loadChart() {
  chartLib ??= new Promise((resolve, reject) => {
    if (window.Chart) return resolve(window.Chart);
    const s = document.createElement('script');
    s.src = new URL('vendor/chart.umd.js', import.meta.url).href;
    s.onload = () => resolve(window.Chart);
    s.onerror = () => { chartLib = undefined; reject(new Error('The chart library could not be loaded.')); };
    document.head.append(s);
  });
  return chartLib;
}

/**
 * chartKit loads Chart.js for the canvas and returns it with a reader of the theme's colours;
 * when the library cannot be loaded it shows the error above the canvas and returns null.
 */
export async function chartKit(canvas) {
  let Chart;
  try {
    Chart = await loadChart();
  } catch (err) {
    canvas.closest('figure').prepend(errorBox(err));
    return null;
  }
  const css = getComputedStyle(document.documentElement);
  return { Chart, color: (name, fallback) => css.getPropertyValue(name).trim() || fallback };
}

let chart; // the chart on screen, destroyed before the page is drawn again

/** renderAnalytics draws the page into root. */
export async function renderAnalytics(root) {
  chart?.destroy();
  chart = undefined;
  const body = h('div', { 'aria-busy': 'true' }, h('p', { class: 'muted', text: 'Loading analytics…' }));
  fill(root,
    h('div', { class: 'page-head' },
      h('h1', { tabindex: '-1', text: 'Analytics' }),
      h('button', { type: 'button', class: 'secondary', onclick: () => renderAnalytics(root) }, 'Refresh')),
    body);
  let a;
  try {
    const body = await adminBody('GET', '/analytics');
    // The owner twin of GET /api/v2/analytics: the object itself, or wrapped in "data".
    a = body && body.data && typeof body.data === 'object' && 'plan' in body.data ? body.data : body;
    if (!a || !a.plan || !a.period || !a.totals) throw new Error('The server sent analytics the console does not understand.');
  } catch (err) {
    fill(body, errorBox(err));
    body.removeAttribute('aria-busy');
    return;
  }
  const feeds = await feedsNote();
  fill(body,
    h('p', { class: 'lede' },
      'Plan ', h('span', { class: `badge plan-${a.plan}`, text: a.plan }),
      ` · the last 30 days, ${a.period.from} to ${a.period.to} (UTC).`),
    feeds,
    totalsSection(a),
    a.sales ? salesSection(a.sales) : null,
    a.daily ? dailySection(a) : freeNote(),
    a.top_pages ? topSection('Top pages', 'Path', a.top_pages.map((p) => [p.path, p.views])) : null,
    a.top_referrers ? topSection('Top referrers', 'Referrer', a.top_referrers.map((r) => [r.referrer || '(direct)', r.views])) : null,
    a.plan !== 'business' && a.daily ? h('p', { class: 'note', text: 'Top pages and top referrers come with the business plan.' }) : null,
  );
  body.removeAttribute('aria-busy');
  if (a.daily) await drawDaily(a, body);
}

/**
 * feedsNote links the public feeds of the posts and says whether they are served: they answer
 * 404 until the site URL is set, or while feeds_enabled is off.
 */
async function feedsNote() {
  const paths = ['/feed.xml', '/atom.xml', '/feed.json'];
  const links = paths.map((path) => h('a', { href: path, class: 'feed-link', text: location.origin + path }));
  let served = false;
  try {
    served = (await fetch(paths[0], { method: 'HEAD', cache: 'no-store' })).ok;
  } catch { /* not served, as far as the console can tell */ }
  return h('p', { class: 'note feeds' }, 'Feeds (RSS, Atom, JSON): ', links[0], ' · ', links[1], ' · ', links[2],
    served ? '. Served.' : '. Not served: set site_url (and feeds_enabled) in the dashboard’s site_settings.');
}

function stat(label, value) {
  return h('div', { class: 'stat' }, h('dt', { text: label }), h('dd', { text: numberFormat.format(value ?? 0) }));
}

function totalsSection(a) {
  const id = uid('totals');
  return h('section', { 'aria-labelledby': id },
    h('h2', { id, text: 'Totals' }),
    h('dl', { class: 'stats' },
      stat('Members', a.totals.members),
      stat('Newsletter subscribers', a.totals.subscribers),
      stat('Page views (30 days)', a.totals.page_views)));
}

/** money formats an amount in minor units (cents) of a lower-case currency code. */
function money(amount, currency) {
  try {
    const f = new Intl.NumberFormat(undefined, { style: 'currency', currency: currency.toUpperCase() });
    const digits = f.resolvedOptions().maximumFractionDigits;
    return f.format(amount / 10 ** digits);
  } catch {
    return `${numberFormat.format(amount)} ${currency}`;
  }
}

function salesSection(sales) {
  const id = uid('sales');
  return h('section', { 'aria-labelledby': id },
    h('h2', { id, text: 'Sales (30 days)' }),
    h('dl', { class: 'stats' },
      stat('Completed purchases', sales.purchases),
      stat('Course enrollments', sales.enrollments),
      h('div', { class: 'stat' }, h('dt', { text: 'Revenue' }),
        h('dd', {}, sales.revenue && sales.revenue.length
          ? sales.revenue.map((r) => h('span', { class: 'money', text: money(r.amount, r.currency) }))
          : '—'))));
}

function freeNote() {
  return h('p', { class: 'callout' }, h('strong', { text: 'Daily charts come with the pro plan. ' }),
    'On pro you also get sales figures and daily page views, new members and new subscribers; business adds top pages and referrers. The plan is set in the dashboard’s site settings.');
}

function dailySection(a) {
  const id = uid('daily');
  const descId = uid('daily-desc');
  const rows = a.daily.map((d) => h('tr', {},
    h('th', { scope: 'row', text: d.date }),
    h('td', { class: 'num', text: numberFormat.format(d.page_views) }),
    h('td', { class: 'num', text: numberFormat.format(d.new_members) }),
    h('td', { class: 'num', text: numberFormat.format(d.new_subscribers) })));
  const views = a.daily.reduce((n, d) => n + d.page_views, 0);
  const members = a.daily.reduce((n, d) => n + d.new_members, 0);
  return h('section', { 'aria-labelledby': id },
    h('h2', { id, text: 'Per day' }),
    h('figure', { class: 'chart' },
      h('div', { class: 'chart-box' },
        h('canvas', { id: 'daily-chart', role: 'img', 'aria-labelledby': id, 'aria-describedby': descId })),
      h('figcaption', { id: descId, text: `Page views (${numberFormat.format(views)} in all) and new members (${numberFormat.format(members)}) per day, ${a.period.from} to ${a.period.to}.` })),
    h('details', {},
      h('summary', { text: 'Show the figures as a table' }),
      h('div', { class: 'table-scroll' }, h('table', { class: 'data compact' },
        h('caption', { class: 'sr-only', text: 'Per day, oldest first' }),
        h('thead', {}, h('tr', {}, ['Date', 'Page views', 'New members', 'New subscribers'].map((t) => h('th', { scope: 'col', text: t })))),
        h('tbody', {}, rows)))));
}

async function drawDaily(a, body) {
  const canvas = body.querySelector('#daily-chart');
  const kit = await chartKit(canvas);
  if (!kit) return;
  const { Chart, color } = kit;
  chart = new Chart(canvas, {
    type: 'line',
    data: {
      labels: a.daily.map((d) => d.date.slice(5)),
      datasets: [
        { label: 'Page views', data: a.daily.map((d) => d.page_views), borderColor: color('--chart-1', '#2563eb'), backgroundColor: color('--chart-1', '#2563eb'), cubicInterpolationMode: 'monotone', yAxisID: 'y' },
        { label: 'New members', data: a.daily.map((d) => d.new_members), borderColor: color('--chart-2', '#d97706'), backgroundColor: color('--chart-2', '#d97706'), borderDash: [6, 4], cubicInterpolationMode: 'monotone', yAxisID: 'y' },
      ],
    },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      interaction: { mode: 'index', intersect: false },
      scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
      plugins: { legend: { position: 'bottom', labels: { usePointStyle: true, pointStyle: 'line' } } },
    },
  });
}

function topSection(title, label, rows) {
  const id = uid('top');
  return h('section', { 'aria-labelledby': id },
    h('h2', { id, text: title }),
    rows.length
      ? h('table', { class: 'data compact' },
        h('thead', {}, h('tr', {}, h('th', { scope: 'col', text: label }), h('th', { scope: 'col', class: 'num', text: 'Views' }))),
        h('tbody', {}, rows.map(([name, views]) => h('tr', {}, h('td', {}, h('code', { text: name })), h('td', { class: 'num', text: numberFormat.format(views) })))))
      : h('p', { class: 'empty', text: 'Nothing yet.' }));
}
