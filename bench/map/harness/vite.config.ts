import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The map harness: standalone pages that mount the seat-map engine full-window for the map bench
// (index.html) and the React shell (react.html). See README.md.
// Build: npx vite build --config bench/map/harness/vite.config.ts  → bench/map/harness/dist
// Serve: npx vite preview --config bench/map/harness/vite.config.ts --port 4174
const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: './',
  plugins: [react()],
  worker: { format: 'es', rollupOptions: { output: { charset: 'ascii' } } },
  define: { __EXPOSE_TEST_STATE__: 'true' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 2500,
    rollupOptions: {
      output: { charset: 'ascii' },
      input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), react: fileURLToPath(new URL('./react.html', import.meta.url)) },
    },
  },
  preview: { port: 4174, strictPort: true },
});
