// The delivery chart of one subscription: attempts that succeeded and failed per day over the
// last 7 days and their median latency, from GET /api/admin/webhooks/{id}/stats, drawn by the
// vendored Chart.js and also given as a table.
import { admin } from './api.js';
import { h, fill, uid, errorBox } from './ui.js';
import { chartKit } from './analytics.js';

/** STAT_DAYS is how many days the chart covers, today included. */
const STAT_DAYS = 7;

/** charts are the charts on screen by subscription id, destroyed before one is drawn again. */
const charts = new Map();

/** loadStats draws the subscription's last days of deliveries into container. */
export async function loadStats(s, container) {
  container.setAttribute('aria-busy', 'true');
  try {
    const days = await admin('GET', `/webhooks/${encodeURIComponent(s.id)}/stats?days=${STAT_DAYS}`);
    const canvas = h('canvas', { role: 'img' });
    fill(container, statsFigure(s, days, canvas));
    await draw(s, days, canvas);
  } catch (err) {
    fill(container, errorBox(err));
  } finally {
    container.removeAttribute('aria-busy');
  }
}

function statsFigure(s, days, canvas) {
  const id = uid('wh-stats');
  const sum = (key) => days.reduce((n, d) => n + d[key], 0);
  canvas.setAttribute('aria-labelledby', id);
  return h('figure', { class: 'chart small' },
    h('div', { class: 'chart-box' }, canvas),
    h('figcaption', { id, text: `Last ${days.length} days: ${sum('succeeded')} attempts succeeded and ${sum('failed')} failed; the line is the median latency per day.` }),
    h('details', {},
      h('summary', { text: 'Show the figures as a table' }),
      h('table', { class: 'data compact' },
        h('caption', { class: 'sr-only', text: `Delivery attempts to ${s.url} per day, oldest first` }),
        h('thead', {}, h('tr', {}, ['Date', 'Succeeded', 'Failed', 'Median latency'].map((t) => h('th', { scope: 'col', text: t })))),
        h('tbody', {}, days.map((d) => h('tr', {},
          h('th', { scope: 'row', text: d.date }),
          h('td', { class: 'num', text: String(d.succeeded) }),
          h('td', { class: 'num', text: String(d.failed) }),
          h('td', { class: 'num', text: d.median_ms === null ? '—' : `${d.median_ms} ms` })))))));
}

async function draw(s, days, canvas) {
  const kit = await chartKit(canvas);
  if (!kit) return;
  const { Chart, color } = kit;
  charts.get(s.id)?.destroy();
  charts.set(s.id, new Chart(canvas, {
    data: {
      labels: days.map((d) => d.date.slice(5)),
      datasets: [
        { type: 'bar', label: 'Succeeded', data: days.map((d) => d.succeeded), backgroundColor: color('--chart-ok', '#1a7f37'), stack: 'attempts', yAxisID: 'y' },
        { type: 'bar', label: 'Failed', data: days.map((d) => d.failed), backgroundColor: color('--chart-fail', '#b42318'), stack: 'attempts', yAxisID: 'y' },
        { type: 'line', label: 'Median ms', data: days.map((d) => d.median_ms), borderColor: color('--chart-1', '#2563eb'), backgroundColor: color('--chart-1', '#2563eb'), spanGaps: true, yAxisID: 'ms' },
      ],
    },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      interaction: { mode: 'index', intersect: false },
      scales: {
        x: { stacked: true },
        y: { stacked: true, beginAtZero: true, ticks: { precision: 0 }, title: { display: true, text: 'attempts' } },
        ms: { position: 'right', beginAtZero: true, grid: { drawOnChartArea: false }, title: { display: true, text: 'ms' } },
      },
      plugins: { legend: { position: 'bottom', labels: { usePointStyle: true } } },
    },
  }));
}
