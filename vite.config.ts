import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Refuses a build whose output folder is the project itself or holds it (e.g. `--outDir .` or an empty variable):
 * Vite empties the output folder first, which would delete the whole working tree except .git.
 */
function outDirGuard(): Plugin {
  return {
    name: 'out-dir-guard',
    apply: 'build',
    configResolved(config) {
      const out = path.resolve(config.root, config.build.outDir);
      const relative = path.relative(out, config.root);
      if (!relative || !relative.startsWith('..')) {
        throw new Error(`Refusing to build into ${out}: it would empty the project folder ${config.root}. Choose a folder inside it, such as dist.`);
      }
    },
  };
}

const apiPort = Number(process.env.PORT ?? 3000);

// The console is built into dist/ and served by the API server (server/plugins/console.ts).
// `npm run dev` runs this dev server on 5173 and proxies /api to the API process.
export default defineConfig({
  plugins: [react(), outDirGuard()],
  worker: { format: 'es' },
  define: {
    // Test builds (EXPOSE_TEST_STATE=1: the e2e runner sets it) expose the seat-map engine's state as
    // window.__seatMap (ARCHITECTURE: browser tests read state); production builds do not.
    __EXPOSE_TEST_STATE__: JSON.stringify(process.env.EXPOSE_TEST_STATE === '1'),
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
  build: {
    outDir: 'dist',
    // No source maps in a production build (issue 34): they would publish the sources, and a served console must
    // not even point at them. CONSOLE_SOURCEMAP=1 builds them for debugging, never for a deployment.
    sourcemap: process.env.CONSOLE_SOURCEMAP === '1',
    chunkSizeWarningLimit: 2500,
  },
});
