import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The map bench's peers, one page each (see bench/README.md): a plain SVG DOM renderer, @alisaitteke/seatmap-canvas
// and a naive canvas 2D renderer, all exposing the harness's `window.__bench` subset (shared/peerBench.ts).
// Build: npx vite build --config bench/map/peers/vite.config.ts  → bench/map/peers/dist/<peer>/index.html
const page = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: page('.'),
  base: './',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 2500,
    rollupOptions: {
      input: { svgDom: page('./svgDom/index.html'), seatmapCanvas: page('./seatmapCanvas/index.html'), canvas2d: page('./canvas2d/index.html') },
    },
  },
  preview: { port: 4175, strictPort: true },
});
