/**
 * Probe: the bench's `handover_ms` samples one by one (`transferSamplesMs` of each open: the model's buffers posted
 * through a MessageChannel with a transfer list, timed from postMessage to the message's handler on the page), each
 * with when it was taken in the open and what else happened inside it, so a slow sample can be told apart: the message
 * queued behind another task (which one), a collection, or the transfer itself.
 *
 *   npx vite build --config bench/map/harness/vite.config.ts
 *   npx tsx bench/map/probes/handoverSamples.ts [--sizes=1000,20000] [--runs=6] [--dist=before=DIR,after=DIR] [--trace] [--verbose] [--rest]
 *
 * Each run is a fresh page opened as the bench opens it (`index.html?open=0`, a forced collection, `__bench.open(n)`),
 * builds alternating run for run. The page's posts with a transfer list of the model's size are marked
 * (`probe:handover-post`) by an init script; every sample is printed with its start (ms after the model reached the
 * page, `venue-map:received`) and the page's marks that fell inside it (the packed index's arrival and opening, which
 * the client schedules when the page is idle). `--trace` records a Chrome trace of each open and gives each sample
 * the page main thread's CPU time inside it and the animation frames that ran in it; `--verbose` also lists, for every
 * sample over 1 ms, the main thread's tasks inside it (wall ms, thread CPU ms, their longest slices). `--rest` then
 * leaves the map alone (1 s, then 3 s measured) and counts the page's animation-frame requests and the renderers' and
 * the GPU process's CPU a second: what a map at rest costs.
 */
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { median, percentile } from '../../lib/metric';
import { launchBrowser, serveStatic } from '../peers/node/benchBrowser';
import { ProbedPage } from '../peers/node/pageProbe';
import { harnessDists, processCpu } from './probeCommon';
import { TRACE_CATEGORIES } from './traceSlices';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function args(argv: string[]) {
  const get = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  return {
    sizes: (get('sizes') ?? '1000,20000').split(',').map(Number),
    runs: Number(get('runs') ?? 6),
    trace: argv.includes('--trace') || argv.includes('--verbose'),
    verbose: argv.includes('--verbose'),
    rest: argv.includes('--rest'),
    dists: harnessDists(get('dist'), ROOT),
  };
}

/** Init script: marks each post that carries a transfer list as long as the model's (20 buffers); counts frame requests. */
const MARK_POSTS = `(() => {
  const raf = window.requestAnimationFrame;
  window.__frameRequests = 0;
  window.requestAnimationFrame = function (cb) { window.__frameRequests++; return raf.call(window, cb); };
  const post = MessagePort.prototype.postMessage;
  window.__handoverPosts = [];
  MessagePort.prototype.postMessage = function (message, transfer) {
    const list = Array.isArray(transfer) ? transfer : transfer && transfer.transfer;
    if (list && list.length >= 20) { window.__handoverPosts.push(performance.now()); performance.mark('probe:handover-post'); }
    return post.apply(this, arguments);
  };
})()`;

const REST_MS = 3000;

interface Sample {
  ms: number;
  start: number;
  marks: string[];
  /** --trace: the page main thread's CPU ms inside the sample (tasks cut at its bounds, pro rata), its frames. */
  cpu?: number;
  frames?: number;
  tasks?: string[];
}

interface TraceEvent { name: string; cat?: string; ph: string; ts: number; dur?: number; tdur?: number; pid: number; tid: number; args?: Record<string, unknown> }

/** The page main thread's CPU ms in [from, to) µs (its tasks' thread time, pro rata) and the animation frames that ran in it. */
function cpuAndFrames(events: TraceEvent[], mainKey: string, from: number, to: number): { cpu: number; frames: number } {
  let cpu = 0;
  let frames = 0;
  for (const e of events) {
    if (e.ph !== 'X' || `${e.pid}:${e.tid}` !== mainKey || e.dur === undefined || e.ts >= to || e.ts + e.dur <= from) continue;
    if (e.name === 'ThreadControllerImpl::RunTask' && e.tdur !== undefined && e.dur > 0) cpu += (e.tdur * (Math.min(e.ts + e.dur, to) - Math.max(e.ts, from))) / e.dur;
    if (e.name === 'FireAnimationFrame' || e.name === 'BeginMainThreadFrame' || e.name === 'WidgetBase::WillBeginMainFrame') frames++;
  }
  return { cpu: cpu / 1000, frames };
}

/** The page main thread's top-level tasks (and their biggest child) overlapping [from, to) µs of the trace's clock. */
function tasksInside(events: TraceEvent[], mainKey: string, from: number, to: number): string[] {
  const inWindow = events.filter((e) => e.ph === 'X' && `${e.pid}:${e.tid}` === mainKey && e.dur !== undefined && e.ts < to && e.ts + e.dur > from);
  const tasks = inWindow.filter((e) => e.name === 'ThreadControllerImpl::RunTask');
  return tasks.map((t) => {
    const children = inWindow
      .filter((c) => c !== t && c.ts >= t.ts && c.ts + c.dur! <= t.ts + t.dur! && c.name !== 'ThreadControllerImpl::RunTask')
      .sort((a, b) => b.dur! - a.dur!)
      .slice(0, 3)
      .map((c) => {
        const data = (c.args?.data ?? {}) as Record<string, unknown>;
        const what = data.functionName ?? data.type ?? data.url ?? '';
        return `${c.name}${what ? ` ${String(what).slice(0, 40)}` : ''} ${(c.dur! / 1000).toFixed(2)}`;
      });
    return `@${((t.ts - from) / 1000).toFixed(2)} ${(t.dur! / 1000).toFixed(2)} ms (cpu ${((t.tdur ?? 0) / 1000).toFixed(2)}): ${children.join('; ')}`;
  });
}

async function main(): Promise<void> {
  const o = args(process.argv.slice(2));
  const server = await serveStatic(Object.fromEntries(o.dists.map((d) => [d.name, d.dir])));
  const browser = await launchBrowser('webgl');
  const cdp = await browser.newBrowserCDPSession();
  console.log(`handover samples, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; ${o.runs} runs per size and build, alternating`);
  try {
    for (const seats of o.sizes) {
      const all = new Map<string, Sample[][]>();
      const atRest = new Map<string, { requests: number; renderer: number; gpu: number }[]>();
      for (let k = 0; k < o.runs; k++) {
        for (const d of o.dists) {
          const probed = await ProbedPage.open(browser, `${server.url(d.name)}index.html?open=0`);
          try {
            await probed.page.addInitScript(MARK_POSTS);
            await probed.page.reload();
            await probed.benchReady();
            await probed.collectGarbage();
            if (o.trace) await browser.startTracing(probed.page, { categories: TRACE_CATEGORIES });
            const r = (await probed.page.evaluate(`(async () => {
              const t0 = performance.now();
              const r = await window.__bench.open(${seats});
              const marks = performance.getEntriesByType('mark').filter((m) => m.startTime >= t0 - 1).map((m) => ({ name: m.name, at: m.startTime }));
              return { samples: r.transferSamplesMs, posts: window.__handoverPosts.slice(), marks };
            })()`)) as { samples: number[]; posts: number[]; marks: { name: string; at: number }[] };
            const received = r.marks.find((m) => m.name === 'venue-map:received')?.at ?? 0;
            let events: TraceEvent[] = [];
            let mainKey = '';
            let postTs: number[] = [];
            if (o.trace) {
              const raw = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
              events = Array.isArray(raw) ? raw : raw.traceEvents;
              const posts = events.filter((e) => e.name === 'probe:handover-post' && (e.cat ?? '').includes('user_timing') && e.ph !== 'M');
              postTs = [...new Set(posts.map((e) => e.ts))].sort((a, b) => a - b);
              const first = posts[0];
              mainKey = first ? `${first.pid}:${first.tid}` : '';
            }
            // The harness's samples are the last posts of the open (a cached-open model read may add others before them).
            const posts = r.posts.slice(-r.samples.length);
            const traced = postTs.slice(-r.samples.length);
            const samples: Sample[] = r.samples.map((ms, i) => {
              const start = posts[i] ?? NaN;
              const marks = r.marks.filter((m) => m.at >= start && m.at <= start + ms && m.name !== 'probe:handover-post').map((m) => m.name.replace('venue-map:', ''));
              const s: Sample = { ms, start: start - received, marks };
              if (o.trace && traced[i] !== undefined) {
                Object.assign(s, cpuAndFrames(events, mainKey, traced[i]!, traced[i]! + ms * 1000));
                if (ms > 1 && o.verbose) s.tasks = tasksInside(events, mainKey, traced[i]!, traced[i]! + ms * 1000);
              }
              return s;
            });
            all.set(d.name, [...(all.get(d.name) ?? []), samples]);
            if (o.rest) {
              // The map at rest: a second after the open (the engine's shader stages done), then 3 s with nothing to do.
              await probed.page.waitForTimeout(1000);
              const requests0 = (await probed.page.evaluate('window.__frameRequests')) as number;
              const cpu0 = await processCpu(cdp);
              await probed.page.waitForTimeout(REST_MS);
              const cpu1 = await processCpu(cdp);
              const requests1 = (await probed.page.evaluate('window.__frameRequests')) as number;
              const perSecond = (v: number) => (v * 1000) / REST_MS;
              atRest.set(d.name, [...(atRest.get(d.name) ?? []), { requests: perSecond(requests1 - requests0), renderer: perSecond(cpu1.renderer - cpu0.renderer), gpu: perSecond(cpu1.gpu - cpu0.gpu) }]);
            }
          } finally {
            await probed.close();
          }
        }
      }
      console.log(`\n  ${seats.toLocaleString('en-US')} seats (load ${loadavg()[0]!.toFixed(1)}):`);
      for (const [name, rest] of atRest) {
        const m = (k: 'requests' | 'renderer' | 'gpu') => median(rest.map((r) => r[k])).toFixed(k === 'requests' ? 0 : 1);
        console.log(`    ${name}, the map at rest (${rest.length} pages, medians a second): ${m('requests')} animation frames asked for, CPU: renderers ${m('renderer')} ms, GPU process ${m('gpu')} ms (${rest.map((r) => `${r.requests.toFixed(0)}/${r.renderer.toFixed(0)}/${r.gpu.toFixed(0)}`).join(', ')})`);
      }
      for (const [name, runs] of all) {
        const flat = runs.flat().map((s) => s.ms).sort((a, b) => a - b);
        const p95 = percentile(flat, 95);
        const firsts = runs.map((r) => r[0]!.ms);
        const rest = runs.flatMap((r) => r.slice(1).map((s) => s.ms));
        const traced = runs.flat().filter((s) => s.cpu !== undefined);
        if (traced.length) {
          const cpus = traced.map((s) => s.cpu!).sort((a, b) => a - b);
          const withFrame = traced.filter((s) => s.frames);
          console.log(`    ${name}: main thread CPU inside a sample: median ${median(cpus).toFixed(2)} ms, p95 ${percentile(cpus, 95).toFixed(2)}; ${withFrame.length} of ${traced.length} samples had an animation frame in them (median wall ${median(withFrame.map((s) => s.ms)).toFixed(2)} ms against ${median(traced.filter((s) => !s.frames).map((s) => s.ms)).toFixed(2)} without)`);
        }
        // The same opens sampled as the bench did before (7 an open): what the figure's p95 was read from.
        const seven = runs.flatMap((r) => r.slice(0, 7).map((s) => s.ms));
        console.log(`    ${name}: ${flat.length} samples, median ${median(flat).toFixed(2)} ms, p95 ${p95.toFixed(2)}, max ${flat.at(-1)!.toFixed(2)}; first of each open median ${median(firsts).toFixed(2)} (max ${Math.max(...firsts).toFixed(2)}), the others median ${median(rest).toFixed(2)} (max ${Math.max(...rest).toFixed(2)}); the first 7 of each open: p95 ${percentile(seven, 95).toFixed(2)} of ${seven.length}; over the 2 ms budget: ${flat.filter((v) => v > 2).length} of ${flat.length} (${((100 * flat.filter((v) => v > 2).length) / flat.length).toFixed(1)} %)`);
        runs.forEach((run, k) => {
          const extra = (s: Sample) => (s.cpu === undefined ? '' : ` (cpu ${s.cpu.toFixed(2)}${s.frames ? `, ${s.frames} frame` : ''})`);
          console.log(`      run ${k + 1}: ${run.map((s, i) => `#${i + 1} ${s.ms.toFixed(2)}${extra(s)}${s.marks.length ? ` [${s.marks.join(', ')}]` : ''}`).join('  ')}  (first at +${run[0]!.start.toFixed(1)} ms after received)`);
          for (const [i, s] of run.entries()) for (const t of s.tasks ?? []) console.log(`        #${i + 1} ${t}`);
        });
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
