/**
 * The renderers the live page can run, behind one interface: our map through the harness page's own module
 * (bench/map/harness/main.ts: the same open path, worker importer and `window.__bench` the bench drives), and
 * the three peers through their bench API (bench/map/peers/shared/peerBench.ts).
 */
import type { BenchApi } from '../harness/benchApi';
import { Canvas2dRenderer } from '../peers/canvas2d/Canvas2dRenderer';
import { SeatmapCanvasRenderer } from '../peers/seatmapCanvas/SeatmapCanvasRenderer';
import { createPeerBench, type PeerBenchApi } from '../peers/shared/peerBench';
import type { PeerRenderer } from '../peers/shared/PeerRenderer';
import { SvgDomRenderer } from '../peers/svgDom/SvgDomRenderer';

export type RendererId = 'ours' | 'svg_dom' | 'seatmap_canvas' | 'canvas2d';

export const RENDERERS: { id: RendererId; label: string }[] = [
  { id: 'ours', label: 'Our map (PixiJS, WebGL)' },
  { id: 'svg_dom', label: 'Plain SVG DOM' },
  { id: 'seatmap_canvas', label: '@alisaitteke/seatmap-canvas' },
  { id: 'canvas2d', label: 'Naive canvas 2D' },
];

/** What the page shows after an open, whichever renderer. */
export interface LiveOpen {
  seats: number;
  /** Open → pixels on screen (ours: worker parse + hand-over + engine + first frame). */
  totalMs: number;
  firstFrameMainMs: number;
  firstFrameMs: number;
  parseMs?: number;
  transferMs?: number;
}

export interface LiveRenderer {
  id: RendererId;
  bench: BenchApi | PeerBenchApi;
  open(seats: number): Promise<LiveOpen>;
  destroy(): void;
}

/** `ourMap`: the element the harness module mounts into (#map); `peers`: the one the peers use. */
export function createLiveRenderer(id: RendererId, containers: { ourMap: HTMLElement; peers: HTMLElement }): Promise<LiveRenderer> {
  containers.ourMap.hidden = id !== 'ours';
  containers.peers.hidden = id === 'ours';
  return id === 'ours' ? ourMap(containers.ourMap) : Promise.resolve(peer(id, containers.peers));
}

let harness: Promise<BenchApi> | null = null;

/** Loads the harness page's module once, after making sure it does not open a venue by itself. */
function loadHarness(): Promise<BenchApi> {
  if (!harness) {
    const url = new URL(location.href);
    if (url.searchParams.get('open') !== '0') {
      url.searchParams.set('open', '0');
      history.replaceState(null, '', url);
    }
    harness = import('../harness/main').then(() => window.__bench!);
  }
  return harness;
}

async function ourMap(container: HTMLElement): Promise<LiveRenderer> {
  const bench = await loadHarness();
  return {
    id: 'ours',
    bench,
    async open(seats) {
      const r = await bench.open(seats);
      return { seats: r.seats, totalMs: r.totalMs, firstFrameMainMs: r.firstFrameMainMs, firstFrameMs: r.firstFrameMs, parseMs: r.parseMs, transferMs: r.transferMs };
    },
    destroy() {
      // The harness keeps its engine until its next open; free the GPU now that another renderer takes the screen.
      const engine = (window as unknown as { __engine?: { destroy(): void } }).__engine;
      try {
        engine?.destroy();
      } catch (err) {
        console.warn('SeatMapEngine.destroy() failed', err);
      }
      container.querySelectorAll('canvas').forEach((c) => c.remove());
    },
  };
}

function peer(id: Exclude<RendererId, 'ours'>, container: HTMLElement): LiveRenderer {
  const renderer: PeerRenderer = id === 'svg_dom' ? new SvgDomRenderer() : id === 'canvas2d' ? new Canvas2dRenderer() : new SeatmapCanvasRenderer();
  const bench = createPeerBench(renderer, container);
  return {
    id,
    bench,
    async open(seats) {
      const r = await bench.open(seats);
      return { seats: r.seats, totalMs: r.totalMs, firstFrameMainMs: r.firstFrameMainMs, firstFrameMs: r.firstFrameMs, parseMs: r.parseMs };
    },
    destroy: () => {
      if (bench.ready) renderer.destroy();
      container.textContent = '';
    },
  };
}
