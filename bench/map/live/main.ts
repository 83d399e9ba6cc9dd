/**
 * The public live benchmark: anyone opens this page, picks a renderer and a venue size, and runs the map bench's
 * measures in their own browser on their own GPU, with a live frame-time strip. Our map runs through the
 * harness's modules (bench/map/harness), the peers through their bench API (bench/map/peers).
 */
import { FrameMeter } from './FrameMeter';
import { formatMs, panWholeBudgets, quantile, verdict, type LiveFigure } from './liveFigures';
import { createLiveRenderer, RENDERERS, type LiveRenderer, type RendererId } from './liveHost';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const containers = { ourMap: $<HTMLElement>('map'), peers: $<HTMLElement>('peer-map') };
const panel = $<HTMLElement>('panel');
const state = $<HTMLElement>('state');
const rendererSelect = $<HTMLSelectElement>('renderer');
const seatsSelect = $<HTMLSelectElement>('seats');
const actionButtons = ['panWhole', 'panZoomed', 'hover', 'select', 'recolor', 'all'].map((id) => $<HTMLButtonElement>(id));
const openButton = $<HTMLButtonElement>('open');

for (const r of RENDERERS) rendererSelect.add(new Option(r.label, r.id));
new FrameMeter($<HTMLCanvasElement>('chart'), $<HTMLElement>('fps')).start();
$<HTMLElement>('gpu').textContent = gpuDescription();

let current: LiveRenderer | null = null;
let figures: LiveFigure[] = [];
let busy = false;

function setFigure(f: LiveFigure): void {
  figures = figures.filter((x) => x.name !== f.name).concat(f);
  $<HTMLElement>('figures').innerHTML = figures
    .map((x) => {
      const v = verdict(x);
      return `<tr><td>${x.name}</td><td class="n">${formatMs(x.value)} ${x.unit}</td><td>${x.budget === null ? '' : `≤ ${x.budget} ${x.unit}`}</td><td class="${v === '✓' ? 'ok' : 'miss'}">${v}</td></tr>`;
    })
    .join('');
}

/** Runs one step with the buttons disabled; the panel lets pointer hit tests through while it runs. */
async function step(label: string, fn: () => Promise<void>): Promise<void> {
  if (busy) return;
  busy = true;
  openButton.disabled = true;
  actionButtons.forEach((b) => (b.disabled = true));
  panel.style.pointerEvents = 'none';
  state.textContent = `${label}…`;
  try {
    await fn();
    state.textContent = `${label}: done.`;
  } catch (err) {
    state.textContent = `${label} failed: ${err instanceof Error ? err.message : String(err)}`;
  } finally {
    panel.style.pointerEvents = '';
    busy = false;
    openButton.disabled = false;
    actionButtons.forEach((b) => (b.disabled = !current?.bench.ready));
  }
}

const seats = () => current?.bench.seatCount ?? Number(seatsSelect.value);

async function open(): Promise<void> {
  current?.destroy();
  current = await createLiveRenderer(rendererSelect.value as RendererId, containers);
  figures = [];
  const r = await current.open(Number(seatsSelect.value));
  setFigure({ name: 'open → pixels on screen', value: r.totalMs, unit: 'ms', budget: r.seats === 200_000 ? 1500 : null, note: 'the bench’s 1.5 s budget also counts page load' });
  setFigure({ name: 'first frame, main thread', value: r.firstFrameMainMs, unit: 'ms', budget: null });
  if (r.parseMs !== undefined) setFigure({ name: current.id === 'ours' ? 'parse + index in the worker' : 'parse on the main thread', value: r.parseMs, unit: 'ms', budget: null });
  if (r.transferMs !== undefined) setFigure({ name: 'hand-over to the main thread', value: r.transferMs, unit: 'ms', budget: 2 });
}

async function pan(zoomedIn: boolean): Promise<void> {
  const b = current!.bench;
  const frames = await b.panZoom({ zoomedIn, frames: 120, maxMs: 20_000 });
  const js = b.lastPanZoom?.jsMs ?? [];
  const budgets = zoomedIn ? { frame: 33, js: null } : panWholeBudgets(seats());
  const where = zoomedIn ? 'zoomed in' : 'whole venue';
  setFigure({ name: `pan/zoom ${where}: frame p95 (${frames.length} frames)`, value: quantile(frames, 0.95), unit: 'ms', budget: budgets.frame });
  setFigure({ name: `pan/zoom ${where}: JS per frame p95`, value: quantile(js, 0.95), unit: 'ms', budget: budgets.js });
}

async function hover(): Promise<void> {
  const r = await current!.bench.hoverTest(200, 10_000);
  const clock = r.isolated ? '' : '; clock in 0.1 ms steps: page not cross-origin isolated';
  setFigure({ name: `hover → seat found p99 (${r.hits}/${r.n} right${clock})`, value: quantile(r.ms, 0.99), unit: 'ms', budget: null });
}

async function selectRows(): Promise<void> {
  const b = current!.bench;
  const ms: number[] = [];
  for (let k = 0; k < 10; k++) {
    await b.selectRow(Math.floor((seats() * (k + 0.37)) / 10));
    if ((b.lastSelectRow?.selected ?? 0) > 0) ms.push(b.lastSelectRow!.ms);
  }
  setFigure({ name: `shift-click row → drawn p95 (${ms.length} rows)`, value: quantile(ms, 0.95), unit: 'ms', budget: 50 });
}

async function recolor(): Promise<void> {
  const b = current!.bench;
  const ms: number[] = [];
  for (let k = 0; k < 10; k++) {
    await b.recolorAll();
    ms.push((b.lastRecolor?.jsMs ?? NaN) + (b.lastRecolor?.nextRenderJsMs ?? NaN));
  }
  setFigure({ name: 're-colour every seat p95', value: quantile(ms, 0.95), unit: 'ms', budget: 10 });
  const mem = (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory;
  if (mem) setFigure({ name: 'JS heap (page, approximate)', value: mem.usedJSHeapSize / 1048576, unit: 'MB', budget: seats() === 200_000 ? 150 : null });
}

openButton.onclick = () => void step(`Opening ${Number(seatsSelect.value).toLocaleString('en')} seats`, open);
$<HTMLButtonElement>('panWhole').onclick = () => void step('Pan/zoom, whole venue', () => pan(false));
$<HTMLButtonElement>('panZoomed').onclick = () => void step('Pan/zoom, zoomed in', () => pan(true));
$<HTMLButtonElement>('hover').onclick = () => void step('Hover', hover);
$<HTMLButtonElement>('select').onclick = () => void step('Shift-click rows', selectRows);
$<HTMLButtonElement>('recolor').onclick = () => void step('Re-colour', recolor);
$<HTMLButtonElement>('all').onclick = () => void step('Everything', async () => {
  await hover();
  await selectRows();
  await recolor();
  await pan(true);
  await pan(false);
});
$<HTMLButtonElement>('copy').onclick = () => {
  const report = { renderer: current?.id, seats: seats(), userAgent: navigator.userAgent, gpu: gpuDescription(), figures };
  void navigator.clipboard?.writeText(JSON.stringify(report, null, 2));
};

/** The GPU the browser reports (unmasked where allowed), so results from different machines can be told apart. */
function gpuDescription(): string {
  const gl = document.createElement('canvas').getContext('webgl2');
  if (!gl) return 'WebGL 2 is not available: our map cannot run here.';
  const ext = gl.getExtension('WEBGL_debug_renderer_info');
  const name = ext ? gl.getParameter(ext.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER);
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return `GPU: ${String(name)} · ${navigator.hardwareConcurrency ?? '?'} logical cores`;
}
