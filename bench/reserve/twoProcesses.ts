/**
 * npm run bench:reserve:pg — the reserve race on PostgreSQL with two API processes: starts a throwaway cluster
 * (Debian's postgresql, as the server suite does, or DATABASE_URL), seeds it through the first process, starts a
 * second process on the same database, and runs bench/reserve/reserveBench.ts with its clients split between the
 * two ports. Zero seats sold twice and zero reservations lost is the promise; the table is the same as on PGlite.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { startPgCluster } from '../../tests/server/setup/pgCluster';
import { startApiProcess, stopApiProcesses } from '../lib/apiProcess';

const cluster = process.env.DATABASE_URL ? null : await startPgCluster();
const databaseUrl = process.env.DATABASE_URL ?? cluster!.url;
const children: ChildProcess[] = [];

async function apiProcess(): Promise<string> {
  const p = await startApiProcess({ DATABASE_URL: databaseUrl, SEED_SALES_ITEMS: process.env.SEED_SALES_ITEMS ?? '100000' });
  children.push(p.child);
  return p.url;
}

try {
  // One after the other: the first seeds the database, the second finds it seeded.
  const urls = [await apiProcess(), await apiProcess()];
  const bench = spawn('node', ['--import', 'tsx', 'bench/reserve/reserveBench.ts'], { env: { ...process.env, BENCH_URLS: urls.join(',') }, stdio: 'inherit' });
  const code = await new Promise<number | null>((r) => bench.once('exit', r));
  process.exitCode = code ?? 1;
} finally {
  await stopApiProcesses(children);
  await cluster?.stop();
}
