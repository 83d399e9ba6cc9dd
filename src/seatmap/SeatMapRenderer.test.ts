import { describe, expect, it, vi } from 'vitest';
import type { RenderTexture } from 'pixi.js';
import type { SeatMapRenderer as SeatMapRendererType } from './SeatMapRenderer';

// PixiJS needs a browser; the renderer's own logic is what is tested here, over a stand-in for PixiJS's WebGLRenderer.
// Its page-wide frame loop (Ticker.system) stands in as a flag and a count of the scheduler's advances.
const ticker = vi.hoisted(() => ({ system: { started: false, updates: 0, update() { this.updates++; } } }));
vi.mock('pixi.js/unsafe-eval', () => ({}));
vi.mock('pixi.js', () => ({
  Ticker: ticker,
  Container: class {
    scale = { x: 1, set(v: number) { this.x = v; } };
  },
  DOMAdapter: {},
  getMaxFragmentPrecision: () => 'highp',
  Rectangle: class {
    constructor(readonly x: number, readonly y: number, readonly width: number, readonly height: number) {}
  },
  WebGLRenderer: class {},
}));
// PixiJS's extension registry is not in the stand-in; the parts it replaces (leanRenderer) are tested on their own.
vi.mock('./leanRenderer', () => ({ useLeanRenderer: () => undefined }));

const { SeatMapRenderer } = await import('./SeatMapRenderer');

/** A renderer over a stand-in GPU that logs what reaches it, in order. */
function rendererWithLog() {
  const log: string[] = [];
  const gl = {
    SYNC_GPU_COMMANDS_COMPLETE: 0x9117,
    fenceSync: () => (log.push('fence'), {}),
    flush: () => log.push('flush'),
    deleteSync: () => undefined,
  };
  const gpu = { gl, render: (o: unknown) => log.push((o as { target?: unknown }).target ? 'render into texture' : 'render frame'), screen: { width: 1280, height: 800 }, canvas: { style: {} } };
  const make = SeatMapRenderer as unknown as new (gpu: unknown, resolution: number, background: string) => SeatMapRendererType;
  return { renderer: new make(gpu, 1, '#f3f4f6'), log };
}

describe('the seat map renderer', () => {
  it('when it draws into a texture (the cached view), then the commands are submitted at once, not with the next frame’s commit', () => {
    const { renderer, log } = rendererWithLog();
    renderer.renderTo({} as RenderTexture, false);
    expect(log).toEqual(['render into texture', 'fence', 'flush']);
  });

  it('when it draws a frame on screen, then the frame’s commit submits it (no flush of its own)', () => {
    const { renderer, log } = rendererWithLog();
    renderer.render();
    expect(log).toEqual(['render frame']);
  });

  it('when PixiJS\'s frame loop is stopped (the map left alone), then each draw advances its scheduler itself; while the loop runs, it leaves that to the loop', () => {
    const { renderer } = rendererWithLog();
    ticker.system.started = false;
    ticker.system.updates = 0;
    renderer.render();
    renderer.renderTo({} as RenderTexture);
    expect(ticker.system.updates).toBe(2);
    ticker.system.started = true;
    renderer.render();
    expect(ticker.system.updates).toBe(2);
    ticker.system.started = false;
  });

  it('draws into a texture at the full resolution while reduced, and keeps the reduced scale for the frames', () => {
    const { renderer } = rendererWithLog();
    renderer.setReduced(true);
    let scaleWhileDrawn = -1;
    const gpu = (renderer as unknown as { gpu: { render: (o: unknown) => void } }).gpu;
    gpu.render = () => (scaleWhileDrawn = renderer.stage.scale.x);
    renderer.renderTo({} as RenderTexture);
    expect(scaleWhileDrawn).toBe(1);
    expect(renderer.stage.scale.x).toBe(0.5);
    expect(renderer.pixelRatio).toBe(0.5);
  });
});
