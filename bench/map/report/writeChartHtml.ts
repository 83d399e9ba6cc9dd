/**
 * bench/results/map-latest.html: a static page with inline SVG bar charts (ours beside each peer, log scale,
 * per figure and flag profile) and every metric in a table. No scripts, no network: open the file anywhere.
 */
import type { Metric } from '../../lib/metric';
import { budgetText, formatValue, verdict } from './formatTable';
import { RATIO_SIZES } from './ratios';

const CHARTS = [
  ['open → pixels on screen, median', 'open_to_pixels_ms.median'],
  ['pan/zoom whole venue, frame p95', 'pan_whole_frame_ms.p95'],
  ['pan/zoom zoomed in, frame p95', 'pan_zoomed_frame_ms.p95'],
  ['shift-click row (mouse) → next frame presented, p95', 'click_row_ms.p95'],
  ['re-colour every seat, p95', 'recolor_ms.p95'],
  ['hover → seat found, p99', 'hover_ms.p99'],
  ['memory with the map open (MB)', 'heap_total_mb'],
] as const;

const COLORS = ['#0b57d0', '#d9822b', '#7c3aed', '#15803d', '#b91c1c'];

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function barChart(title: string, figure: string, metrics: readonly Metric[], renderers: readonly string[], suffix: string): string {
  const get = (r: string, seats: number) => metrics.find((m) => m.metric === `${figure}${r === 'ours' ? '' : `.${r}`}${suffix}` && m.seats === seats);
  const values = RATIO_SIZES.flatMap((s) => renderers.map((r) => get(r, s)?.value ?? 0)).filter((v) => v > 0);
  if (values.length === 0) return '';
  const W = 460, H = 220, left = 44, bottom = 36, top = 26;
  const lo = Math.pow(10, Math.floor(Math.log10(Math.min(...values)))), hi = Math.pow(10, Math.ceil(Math.log10(Math.max(...values) * 1.01)));
  const y = (v: number) => top + (H - top - bottom) * (1 - (Math.log10(Math.max(v, lo)) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo)));
  const groupW = (W - left - 10) / RATIO_SIZES.length, barW = (groupW - 16) / renderers.length;
  const parts: string[] = [`<svg width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(title)}">`, `<text x="${left}" y="16" font-weight="600">${esc(title)}</text>`];
  for (let d = lo; d <= hi; d *= 10) {
    parts.push(`<line x1="${left}" x2="${W - 6}" y1="${y(d)}" y2="${y(d)}" stroke="#ddd"/><text x="${left - 4}" y="${y(d) + 4}" text-anchor="end" font-size="10">${formatValue(d)}</text>`);
  }
  RATIO_SIZES.forEach((seats, g) => {
    const gx = left + 8 + g * groupW;
    parts.push(`<text x="${gx + (groupW - 16) / 2}" y="${H - 18}" text-anchor="middle" font-size="11">${seats.toLocaleString('en-US')} seats</text>`);
    renderers.forEach((r, i) => {
      const m = get(r, seats);
      const x = gx + i * barW;
      if (!m) {
        parts.push(`<text x="${x + barW / 2}" y="${y(lo) - 3}" text-anchor="middle" font-size="9">–</text>`);
        return;
      }
      const atLeast = m.unit.includes('at least');
      parts.push(`<rect x="${x}" y="${y(m.value)}" width="${barW - 2}" height="${Math.max(1, y(lo) - y(m.value))}" fill="${COLORS[i % COLORS.length]}"${atLeast ? ' fill-opacity="0.35" stroke="#000" stroke-dasharray="3 2"' : ''}><title>${esc(`${r}: ${formatValue(m.value)} ${m.unit}`)}</title></rect>`);
      parts.push(`<text x="${x + barW / 2}" y="${y(m.value) - 3}" text-anchor="middle" font-size="9">${atLeast ? '≥' : ''}${formatValue(m.value)}</text>`);
    });
  });
  parts.push('</svg>');
  return parts.join('');
}

function legend(renderers: readonly string[]): string {
  return `<p class="legend">${renderers.map((r, i) => `<span><i style="background:${COLORS[i % COLORS.length]}"></i>${esc(r)}</span>`).join(' ')} · dashed, pale bar = a timeout (the value is a lower bound) · log scale, lower is better</p>`;
}

function table(metrics: readonly Metric[]): string {
  const rows = metrics.map((m) => `<tr class="${m.within_budget === false ? 'miss' : ''}"><td>${esc(m.metric)}</td><td class="n">${m.seats?.toLocaleString('en-US') ?? ''}</td><td class="n">${formatValue(m.value)}</td><td>${esc(m.unit)}</td><td>${esc(budgetText(m))}</td><td>${verdict(m)}</td></tr>`);
  return `<table><thead><tr><th>figure</th><th>seats</th><th>value</th><th>unit</th><th>budget</th><th></th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

export function chartHtml(metrics: readonly Metric[], peers: readonly string[], intro: string[]): string {
  const renderers = ['ours', ...peers];
  const sections = (['', '.peers_best'] as const).map((suffix) => {
    const charts = CHARTS.map(([title, figure]) => barChart(title, figure, metrics, renderers, suffix)).filter(Boolean);
    const name = suffix === '' ? 'WebGL flags (CHROMIUM_ARGS)' : 'Peers’ best profile (+ --disable-gpu-rasterization --disable-accelerated-2d-canvas)';
    return charts.length ? `<h2>${name}</h2>${legend(renderers)}<div class="charts">${charts.join('')}</div>` : '';
  });
  const missed = metrics.filter((m) => m.within_budget === false);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Seat map bench</title><style>
body{font:13px system-ui,sans-serif;margin:24px;color:#222}h1{font-size:20px}h2{font-size:16px;margin-top:28px}
.charts{display:flex;flex-wrap:wrap;gap:12px}.charts svg{border:1px solid #e5e7eb;border-radius:4px;background:#fff}
table{border-collapse:collapse;margin-top:8px}td,th{padding:2px 8px;border-bottom:1px solid #eee;text-align:left}td.n{text-align:right;font-variant-numeric:tabular-nums}
tr.miss td{background:#fdecec}.legend span{margin-right:12px}.legend i{display:inline-block;width:10px;height:10px;margin-right:4px;vertical-align:middle}
</style></head><body><h1>Seat map bench</h1>${intro.map((p) => `<p>${esc(p)}</p>`).join('')}
${sections.join('')}
<h2>Budgets missed (${missed.length})</h2>${missed.length ? table(missed) : '<p>None.</p>'}
<h2>Every figure</h2>${table(metrics)}</body></html>\n`;
}
