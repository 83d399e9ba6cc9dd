import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The public live benchmark page (see bench/README.md): a static site anyone can open to run the map bench's
// measures on their own GPU. Build: npx vite build --config bench/map/live/vite.config.ts → bench/map/live/dist
// Try it: npx vite preview --config bench/map/live/vite.config.ts   (or serve dist/ from any static host)
// Cross-origin isolated when served here, as the bench's pages are, so performance.now() has 5 µs steps rather than
// 0.1 ms (the hover figure is tens of microseconds). A static host needs the same two headers for the fine clock.
const headers = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  worker: { format: 'es' },
  define: { __EXPOSE_TEST_STATE__: 'false' },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 2500 },
  server: { headers },
  preview: { port: 4176, strictPort: true, headers },
});
