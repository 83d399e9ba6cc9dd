import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The public live benchmark page (see bench/README.md): a static site anyone can open to run the map bench's
// measures on their own GPU. Build: npx vite build --config bench/map/live/vite.config.ts → bench/map/live/dist
// Try it: npx vite preview --config bench/map/live/vite.config.ts   (or serve dist/ from any static host)
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  worker: { format: 'es' },
  define: { __EXPOSE_TEST_STATE__: 'false' },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 2500 },
  preview: { port: 4176, strictPort: true },
});
