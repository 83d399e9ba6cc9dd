/**
 * Reads a Chrome trace (playwright-core's browser.startTracing / stopTracing) for the map probes: from a user-timing
 * mark to the trace's end, how busy each thread of interest was (the page's main thread, the venue-map worker, the
 * GPU process and its SwiftShader threads) and its longest named slices, in time order. Node side only.
 */

export const TRACE_CATEGORIES = [
  'devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'v8.execute', 'v8', 'toplevel', 'gpu',
  'loading', 'disabled-by-default-v8.compile', 'gpu.angle', 'disabled-by-default-gpu.angle',
];

interface TraceEvent { name: string; cat?: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: Record<string, unknown> }

/** Slices that only wrap a task: their children say what ran. */
const WRAPPERS = new Set(['ThreadControllerImpl::RunTask', 'RunTask', 'ThreadPool_RunTask', 'TaskGraphRunner::RunTask', 'RunNormalPriorityTask', 'SequenceManager::DoWork']);

function hint(e: TraceEvent): string {
  const data = (e.args?.data ?? e.args?.beginData ?? e.args) as Record<string, unknown> | undefined;
  const s = data?.url ?? data?.functionName ?? data?.type ?? data?.name ?? data?.fileName;
  return typeof s === 'string' && s ? ` ${s.replace(/^https?:\/\/[^/]+/, '').slice(0, 60)}` : '';
}

export function summariseTrace(raw: unknown, fromMark: string, topPerThread = 14, minMs = 4): string {
  const events = (Array.isArray(raw) ? raw : (raw as { traceEvents: TraceEvent[] }).traceEvents) as TraceEvent[];
  const threadName = new Map<string, string>();
  const processName = new Map<number, string>();
  for (const e of events) {
    if (e.ph !== 'M') continue;
    if (e.name === 'thread_name') threadName.set(`${e.pid}:${e.tid}`, String(e.args?.name));
    if (e.name === 'process_name') processName.set(e.pid, String(e.args?.name));
  }
  const mark = events.find((e) => e.name === fromMark && (e.cat ?? '').includes('user_timing'));
  const t0 = mark?.ts ?? Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts));
  const end = Math.max(...events.map((e) => e.ts + (e.dur ?? 0)));
  const marks = events
    .filter((e) => (e.cat ?? '').includes('user_timing') && e.ts >= t0 && (e.ph === 'R' || e.ph === 'I' || e.ph === 'n' || e.ph === 'i'))
    .map((e) => `${((e.ts - t0) / 1000).toFixed(0)} ${e.name}`);
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    if (e.ph !== 'X' || e.dur === undefined || e.ts + e.dur < t0) continue;
    const key = `${e.pid}:${e.tid}`;
    const tn = threadName.get(key) ?? '';
    if (!/CrRendererMain|DedicatedWorker|CrGpuMain|GpuMain|VizCompositor|Compositor|ThreadPoolForeground|SwiftShader|Chrome_InProcGpu|CrGpu/i.test(tn)) continue;
    byThread.set(key, [...(byThread.get(key) ?? []), e]);
  }
  const out: string[] = [`    window ${((end - t0) / 1000).toFixed(0)} ms from ${fromMark}; marks: ${marks.join(', ') || 'none'}`];
  for (const [key, list] of byThread) {
    list.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
    // Busy = the union of top-level slices (those not inside another one) within the window.
    let busy = 0;
    let coverEnd = -Infinity;
    for (const e of list) {
      const s = Math.max(e.ts, t0);
      const f = e.ts + e.dur!;
      if (f <= coverEnd) continue;
      busy += f - Math.max(s, coverEnd);
      coverEnd = f;
    }
    if (busy < 2000) continue;
    const pid = Number(key.split(':')[0]);
    const named = list.filter((e) => !WRAPPERS.has(e.name) && e.dur! >= minMs * 1000 && e.ts >= t0);
    const top = [...named].sort((a, b) => b.dur! - a.dur!).slice(0, topPerThread).sort((a, b) => a.ts - b.ts);
    out.push(`    ${threadName.get(key)} (${processName.get(pid) ?? pid}): busy ${(busy / 1000).toFixed(0)} ms`);
    for (const e of top) out.push(`      ${((e.ts - t0) / 1000).toFixed(0).padStart(6)} +${(e.dur! / 1000).toFixed(0).padStart(4)} ${e.name}${hint(e)}`);
  }
  return out.join('\n');
}

/** The steps of an open stepCpu reports: [label, from mark, to mark]. */
export const OPEN_STEPS: [string, string, string][] = [
  ['SVG ready → parse start (the hand-over of the text, the worker\'s start)', 'harness:svg-ready', 'venue-map:worker-parse-start'],
  ['the parse', 'venue-map:worker-parse-start', 'venue-map:worker-parsed'],
  ['model on the page → first render', 'venue-map:received', 'seatmap:first-render'],
];

/**
 * Each step's wall time and the CPU time (the trace's thread clock, `tdur`) the page's main thread, the venue-map worker
 * and the GPU process's main thread spent in it: tasks that straddle a step's bounds count pro rata. On a machine
 * loaded by others a step's wall time is mostly waiting for a core; its CPU is what a quiet machine would take, so a
 * step whose wall grew while its CPU did not was slowed by the load, not by the build.
 */
export function stepCpu(raw: unknown, steps: [string, string, string][] = OPEN_STEPS): string {
  const events = (Array.isArray(raw) ? raw : (raw as { traceEvents: TraceEvent[] }).traceEvents) as (TraceEvent & { tdur?: number })[];
  const threadName = new Map<string, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') threadName.set(`${e.pid}:${e.tid}`, String(e.args?.name));
  const markAt = new Map<string, number>();
  for (const e of events) if ((e.cat ?? '').includes('user_timing') && e.ph !== 'M' && !markAt.has(e.name)) markAt.set(e.name, e.ts);
  const threads = [['page', /CrRendererMain/], ['worker', /DedicatedWorker/], ['GPU', /CrGpuMain/]] as const;
  const tasks = events.filter((e) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && e.dur && e.tdur !== undefined);
  const cpu = (re: RegExp, a: number, b: number) => {
    let sum = 0;
    for (const e of tasks) {
      if (!re.test(threadName.get(`${e.pid}:${e.tid}`) ?? '')) continue;
      const overlap = Math.min(e.ts + e.dur!, b) - Math.max(e.ts, a);
      if (overlap > 0) sum += (e.tdur! * overlap) / e.dur!;
    }
    return sum / 1000;
  };
  return steps.map(([label, from, to]) => {
    const a = markAt.get(from);
    const b = markAt.get(to);
    if (a === undefined || b === undefined) return `    ${label}: no ${a === undefined ? from : to} mark`;
    return `    ${label}: ${((b - a) / 1000).toFixed(0)} ms wall; CPU ${threads.map(([name, re]) => `${name} ${cpu(re, a, b).toFixed(0)}`).join(', ')} ms`;
  }).join('\n');
}
