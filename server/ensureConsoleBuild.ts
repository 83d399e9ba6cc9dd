import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
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

/** Builds dist/ with Vite when it is missing or older than the console's sources; a no-op otherwise (fast restarts). */
export async function ensureConsoleBuild(root = process.cwd()): Promise<void> {
  const stamp = path.join(root, 'dist', 'index.html');
  const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  const sources = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
  // A test build (EXPOSE_TEST_STATE=1: window.__seatMap for browser tests) and a production one are not interchangeable.
  const flavourFile = path.join(root, 'dist', 'build-flavour.txt');
  const flavour = process.env.EXPOSE_TEST_STATE === '1' ? 'test' : 'production';
  const builtFlavour = existsSync(flavourFile) ? readFileSync(flavourFile, 'utf8').trim() : 'test';
  if (built > sources && builtFlavour === flavour) return;
  console.log('Building the console (first start or sources changed)…');
  const started = Date.now();
  const { build } = await import('vite');
  // Vite sets process.env.NODE_ENV to 'production' for its build; left so, the server started next in this process
  // would take itself for a production server (and refuse the demo secrets). Put back what was there.
  const nodeEnv = process.env.NODE_ENV;
  try {
    await build({ root, logLevel: 'warn' });
    writeFileSync(flavourFile, `${flavour}\n`);
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  console.log(`  built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
