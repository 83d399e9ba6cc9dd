import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import path from 'node:path';

const SOURCES = ['src', 'workers', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/**
 * Builds dist/ with Vite when it is missing or older than the console's sources; a no-op otherwise (fast restarts).
 *
 * The build runs in a process of its own at a lower priority (`npm start`, docs/operations.md "The first start"): a
 * first start's longest chain is the database's (create, migrate, seed on PGlite's thread), and every step of it
 * waits for this process's main thread to pass its messages. Vite in the same process held that thread, and at equal
 * priority its bundler threads took the cores the engine needed; as a niced child it uses what the chain leaves.
 */
export async function ensureConsoleBuild(root = process.cwd()): Promise<void> {
  const stamp = path.join(root, 'dist', 'index.html');
  const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  const sources = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
  // A test build (EXPOSE_TEST_STATE=1: window.__seatMap for browser tests) and a production one are not interchangeable.
  // A dist/ without the flavour file was built by hand (`npm run build` is a production build, `vite build` with the
  // variable a test one): its flavour is unknown, so it is built again rather than taken for either.
  const flavourFile = path.join(root, 'dist', 'build-flavour.txt');
  const flavour = process.env.EXPOSE_TEST_STATE === '1' ? 'test' : 'production';
  const builtFlavour = existsSync(flavourFile) ? readFileSync(flavourFile, 'utf8').trim() : 'unknown';
  if (built > sources && builtFlavour === flavour) return;
  console.log('Building the console (first start or sources changed)…');
  const started = Date.now();
  const vite = path.join(path.dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
  // Vite sets NODE_ENV to 'production' in the process that builds: in a child of its own this process keeps its own.
  const child = spawn(process.execPath, [vite, 'build', root, '--logLevel', 'warn'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  try {
    setPriority(child.pid!, 10);
  } catch {
    // Not allowed here (or no such process any more): the build runs at the usual priority.
  }
  // A server that fails to start (its database, say) exits: the build it started goes with it.
  const stop = () => child.kill();
  process.once('exit', stop);
  const code = await new Promise<number | null>((resolve, reject) => child.once('error', reject).once('exit', resolve))
    .finally(() => process.off('exit', stop));
  if (code !== 0) throw new Error(`The console's build failed (vite build exited with ${code}).`);
  writeFileSync(flavourFile, `${flavour}\n`);
  // The build is as new as the sources it read, not as the moment it ended: a source saved while Vite ran (an edit
  // during an e2e run's build) is newer than the stamp, so the next start builds again rather than serving the old one.
  utimesSync(stamp, started / 1000, started / 1000);
  console.log(`  built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
