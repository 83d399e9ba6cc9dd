import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The map harness: standalone pages that mount the seat-map engine full-window for the map bench
// (index.html) and the React shell (react.html). See README.md.
// Build: npx vite build --config bench/map/harness/vite.config.ts  → bench/map/harness/dist
// Serve: npx vite preview --config bench/map/harness/vite.config.ts --port 4174
const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * index.html's entry (boot.ts) starts the venue-map worker, then imports the page (main.ts): the page's chunks are
 * named in the HTML as module preloads, so the browser fetches and compiles them alongside the entry rather than after
 * it ran (docs/venue-map-journal.md).
 */
function preloadPage(): Plugin {
  return {
    name: 'harness-preload-page',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle || !html.includes('Seat map harness')) return html;
        const page = Object.values(bundle).find((c) => c.type === 'chunk' && c.facadeModuleId?.endsWith('/harness/main.ts'));
        if (!page || page.type !== 'chunk') return html;
        const files = [page.fileName, ...page.imports].filter((f) => !html.includes(f));
        return { html, tags: files.map((f) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `./${f}` }, injectTo: 'head' as const })) };
      },
    },
  };
}

export default defineConfig({
  root,
  base: './',
  plugins: [react(), preloadPage()],
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
