/**
 * What the map probes share: the builds they compare (`--dist=`), a CPU profile's self time per function, and the
 * browser's processes' CPU.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { CDPSession } from 'playwright-core';
import { serveStatic, type StaticServer } from '../peers/node/benchBrowser';

/**
 * The harness builds a probe measures, from `--dist=DIR` or `--dist=name=DIR,name=DIR` (each split at its first '=');
 * without it, the harness's own build under `root`.
 */
export function harnessDists(value: string | undefined, root: string): { name: string; dir: string }[] {
  return (value ?? `ours=${path.join(root, 'bench/map/harness/dist')}`).split(',').map((d) => {
    const eq = d.indexOf('=');
    const [name, dir] = eq >= 0 ? [d.slice(0, eq), d.slice(eq + 1)] : [path.basename(d), d];
    return { name, dir: path.resolve(dir) };
  });
}

export interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
/** A V8 CPU profile as CDP's `Profiler.stop` returns it. */
export interface CpuProfile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number }

/**
 * Self time (ms) per function, idle excluded, of the samples taken in [from, to) page time (`offsetMs`: the page's
 * time origin on the profile's clock, in ms). `keyOf` names a function: by default its name alone.
 */
export function selfTimeIn(
  profile: CpuProfile,
  offsetMs: number,
  from = -Infinity,
  to = Infinity,
  keyOf: (frame: ProfileNode['callFrame']) => string = (f) => f.functionName || '(anonymous)',
): Map<string, number> {
  const byId = new Map(profile.nodes.map((x) => [x.id, x]));
  const self = new Map<string, number>();
  let t = profile.startTime / 1000 - offsetMs;
  for (let k = 0; k < profile.samples.length; k++) {
    t += profile.timeDeltas[k]! / 1000;
    if (t < from || t >= to) continue;
    const f = byId.get(profile.samples[k]!)!.callFrame;
    if (f.functionName === '(idle)') continue;
    const key = keyOf(f);
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[k + 1] ?? 0) / 1000);
  }
  return self;
}

/**
 * Run in the page before a profile is stopped: a named function that spins 8 ms, so the profile's clock can be set
 * against the page's (`pageClockOffset`). Returns the page time it started.
 */
export const CLOCK_SYNC_SCRIPT = `(() => { const t0 = performance.now(); (function __probeClockSync() { while (performance.now() - t0 < 8); })(); return t0; })()`;

/** The page's time origin on the profile's clock (ms): the first sample of CLOCK_SYNC_SCRIPT's function, started at page time `syncAt`. */
export function pageClockOffset(profile: CpuProfile, syncAt: number): number {
  const byId = new Map(profile.nodes.map((x) => [x.id, x]));
  let clock = profile.startTime;
  for (let k = 0; k < profile.samples.length; k++) {
    clock += profile.timeDeltas[k]!;
    if (byId.get(profile.samples[k]!)!.callFrame.functionName === '__probeClockSync') return clock / 1000 - syncAt;
  }
  return 0;
}

/** CPU ms so far of the GPU process and of the renderers (summed), from CDP's SystemInfo.getProcessInfo. */
export async function processCpu(cdp: CDPSession): Promise<{ gpu: number; renderer: number }> {
  const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; cpuTime: number }[] };
  const sum = (type: string) => processInfo.filter((p) => p.type.toLowerCase() === type).reduce((a, p) => a + p.cpuTime * 1000, 0);
  return { gpu: sum('gpu'), renderer: sum('renderer') };
}

/** CPU ms so far of every thread of the GPU process (Linux: /proc's schedstat, ns-exact); NaN elsewhere. */
export async function gpuProcessCpu(cdp: CDPSession): Promise<number> {
  const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number }[] };
  const pid = processInfo.find((p) => p.type.toLowerCase() === 'gpu')?.id;
  const dir = `/proc/${pid}/task`;
  if (pid === undefined || !existsSync(dir)) return NaN;
  let ms = 0;
  for (const tid of readdirSync(dir)) {
    try {
      ms += Number(readFileSync(`${dir}/${tid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return ms;
}

/**
 * Serves the harness builds (and, with `peersDir`, the peers' pages) cross-origin isolated, and lists the pages a probe
 * alternates: each build's harness and the canvas 2D peer, all opened without a venue (`?open=0`).
 */
export async function serveHarnessAndPeer(dists: { name: string; dir: string }[], peersDir: string | null): Promise<{ server: StaticServer; pages: { name: string; url: string; ours: boolean }[] }> {
  const mounts: Record<string, string> = Object.fromEntries(dists.map((d) => [d.name, d.dir]));
  if (peersDir) mounts.peers = peersDir;
  const server = await serveStatic(mounts);
  const pages = [...dists.map((d) => ({ name: d.name, url: `${server.url(d.name)}index.html?open=0`, ours: true })),
    ...(peersDir ? [{ name: 'canvas2d', url: `${server.url('peers')}canvas2d/index.html?open=0`, ours: false }] : [])];
  return { server, pages };
}
