/**
 * One cold parse + index: run in a fresh Node process by parseBench, so the importer's code has never run before,
 * as in the console's venue-map worker, which is started for each map and parses it once. The SVG is generated
 * before the clock starts. Prints `{"totalMs", "parseMs", "cpuMs", "mainCpuMs"}`: wall time of parse + index and of
 * the parse alone; the CPU time the process spent on parse + index (user + system of all its threads: the JIT
 * compiling and the GC marking on their own threads count too); and that of the main thread alone (Linux, from
 * /proc; null elsewhere), which is what the wall time comes to on an idle machine. On a loaded machine compare the
 * CPU figures, not the wall time.
 * Run: `node --import tsx bench/map/coldParse.ts SEATS`
 */
import { readFileSync } from 'node:fs';
import { generateVenue } from '../venues/generateVenue';
import { parseVenueSvg } from '../../workers/venue-map/parseVenueSvg';
import { createVenueIndex } from '../../workers/venue-map/venueIndex';

/**
 * CPU time of this process's main thread in ms, or null off Linux: its time on a CPU from /proc/self/task/PID/schedstat
 * (in ns), else utime + stime of .../stat (clock ticks of 10 ms, too coarse for a 20k parse of ~100 ms).
 */
function mainThreadCpuMs(): number | null {
  const task = `/proc/self/task/${process.pid}`;
  try {
    return Number(readFileSync(`${task}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    // no schedstat (a kernel without scheduler statistics): the tick counts below
  }
  try {
    const stat = readFileSync(`${task}/stat`, 'utf8');
    // The fields after the command name (which may hold spaces) start after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the line, in clock ticks (100 a second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

const seats = Number(process.argv[2]);
if (!Number.isInteger(seats) || seats <= 0) {
  console.error('usage: node --import tsx bench/map/coldParse.ts SEATS');
  process.exit(2);
}
const { svg } = generateVenue({ seats, seed: 1 });
const main0 = mainThreadCpuMs();
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const { model } = parseVenueSvg(svg);
const t1 = performance.now();
createVenueIndex(model);
const t2 = performance.now();
const cpu = process.cpuUsage(cpu0);
const main1 = mainThreadCpuMs();
console.log(JSON.stringify({
  totalMs: t2 - t0, parseMs: t1 - t0, cpuMs: (cpu.user + cpu.system) / 1000,
  mainCpuMs: main0 === null || main1 === null ? null : main1 - main0,
}));
