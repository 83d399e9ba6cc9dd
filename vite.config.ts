import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiPort = Number(process.env.PORT ?? 3000);

// The console is built into dist/ and served by the API server (server/plugins/console.ts).
// `npm run dev` runs this dev server on 5173 and proxies /api to the API process.
export default defineConfig({
  plugins: [react()],
  worker: { format: 'es' },
  define: {
    // Test builds expose the seat-map engine's state as window.__seatMap (ARCHITECTURE: browser tests read state).
    __EXPOSE_TEST_STATE__: JSON.stringify(process.env.EXPOSE_TEST_STATE !== '0'),
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 2500,
  },
});
